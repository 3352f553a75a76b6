import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { PAYMENT_PROVIDER, PaymentProvider } from './payment-provider';
import { createStripeClient, StripePaymentProvider } from './stripe/stripe-provider';
import { TestProcessor } from './test/test-processor';
import { TestPaymentProvider } from './test/test-provider';

/** The Stripe client when BILLING_PROVIDER=stripe, else null. */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');
/** The offline processor when BILLING_PROVIDER=test, else null. */
export const TEST_PROCESSOR = Symbol('TEST_PROCESSOR');

export const PROVIDERS: Provider[] = [
  {
    provide: STRIPE_CLIENT,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig): Stripe | null =>
      config.billing.provider === 'stripe' ? createStripeClient(config) : null,
  },
  {
    provide: TEST_PROCESSOR,
    inject: [APP_CONFIG, getDataSourceToken()],
    useFactory: (config: AppConfig, dataSource: DataSource): TestProcessor | null =>
      config.billing.provider === 'test'
        ? new TestProcessor(dataSource, { month: config.billing.monthlyPriceCents, year: config.billing.annualPriceCents })
        : null,
  },
  {
    provide: PAYMENT_PROVIDER,
    inject: [APP_CONFIG, STRIPE_CLIENT, TEST_PROCESSOR, LOGGER],
    useFactory: (config: AppConfig, stripe: Stripe | null, processor: TestProcessor | null, logger: Logger): PaymentProvider => {
      if (stripe) return new StripePaymentProvider(stripe, config, logger);
      if (processor) return new TestPaymentProvider(processor);
      throw new Error(`No payment provider for BILLING_PROVIDER=${config.billing.provider}`);
    },
  },
];
