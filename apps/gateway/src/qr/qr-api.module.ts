import { Module } from '@nestjs/common';

/** /api/qrcodes and /api/analytics: forwarded to the qr-service. */
@Module({})
export class QrApiModule {}
