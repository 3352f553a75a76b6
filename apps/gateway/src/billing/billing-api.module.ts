import { Module } from '@nestjs/common';
import { AdminBillingController } from './admin-billing.controller';
import { BillingController } from './billing.controller';
import { BillingApiService } from './billing.service';
import { InvoicesController } from './invoices.controller';
import { PaymentsController } from './payments.controller';

/** /api/subscription, purchases, provider webhooks: forwarded to the billing-service. */
@Module({
  controllers: [BillingController, PaymentsController, AdminBillingController, InvoicesController],
  providers: [BillingApiService],
})
export class BillingApiModule {}
