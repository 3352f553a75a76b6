import { Module } from '@nestjs/common';

/** /api/subscription, purchases, provider webhooks: forwarded to the billing-service. */
@Module({})
export class BillingApiModule {}
