import { Module } from '@nestjs/common';
import { AbuseController } from './abuse.controller';
import { AbuseApiService } from './abuse.service';

/** /api/reports (public) and /api/admin/reports, /api/admin/codes/:slug/takedown|restore. */
@Module({ controllers: [AbuseController], providers: [AbuseApiService] })
export class AbuseApiModule {}
