import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { DatabaseModule } from '@qrd/database';
import { MessagingModule } from '@qrd/messaging';
import { ObservabilityModule } from '@qrd/observability';
import { BillingEvents } from './billing/billing-events';
import { BillingHandlers } from './billing/billing.handlers';
import { BillingRepository } from './billing/billing.repository';
import { CustomerEntity } from './billing/customer.entity';
import { IntervalSwitchService } from './billing/interval-switch.service';
import { PaymentSetupService } from './billing/payment-setup.service';
import { RenewalReminders } from './billing/renewal-reminders';
import { SeatRenewals } from './billing/seat-renewals';
import { SeatReconciler } from './billing/seat-reconciler';
import { SeatsService } from './billing/seats.service';
import { SubscriptionEntity } from './billing/subscription.entity';
import { SubscriptionSync } from './billing/subscription-sync';
import { SubscriptionsService } from './billing/subscriptions.service';
import { TestPaymentsService } from './billing/test-payments.service';
import { BILLING_DATABASE } from './database';
import { InvoiceRecorder } from './invoices/invoice-recorder';
import { InvoicesRepository } from './invoices/invoices.repository';
import { InvoicesService } from './invoices/invoices.service';
import { PROVIDERS } from './providers/providers';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service';
import { SubscriptionNotices } from './webhooks/subscription-notices';

@Module({})
export class BillingServiceModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: BillingServiceModule,
      imports: [
        ConfigModule.forRoot(config, logger),
        ObservabilityModule.forService('billing-service'),
        MessagingModule.forRoot(),
        DatabaseModule.forService(BILLING_DATABASE),
        TypeOrmModule.forFeature([CustomerEntity, SubscriptionEntity]),
      ],
      controllers: [BillingHandlers],
      providers: [
        ...PROVIDERS,
        BillingRepository,
        BillingEvents,
        SubscriptionSync,
        PaymentSetupService,
        SeatsService,
        SeatReconciler,
        SubscriptionsService,
        IntervalSwitchService,
        RenewalReminders,
        SeatRenewals,
        InvoicesRepository,
        InvoiceRecorder,
        InvoicesService,
        TestPaymentsService,
        StripeWebhooksService,
        SubscriptionNotices,
      ],
    };
  }
}
