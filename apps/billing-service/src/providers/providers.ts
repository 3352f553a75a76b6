import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { PAYMENT_PROVIDER, PaymentProvider } from './payment-provider';
import { createStripeClient, StripePaymentProvider } from './stripe/stripe-provider';
import { SandboxPrices, SandboxProcessor } from './sandbox/sandbox-processor';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider';

/** The configured prices per currency, in the processor's terms (month, year). */
export function sandboxPrices(config: AppConfig): SandboxPrices {
  const { prices } = config.billing;
  return {
    usd: { month: prices.usd.monthly, year: prices.usd.annual },
    eur: { month: prices.eur.monthly, year: prices.eur.annual },
    gbp: { month: prices.gbp.monthly, year: prices.gbp.annual },
  };
}

/** The Stripe client when BILLING_PROVIDER=stripe, else null. */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');
/** The sandbox processor (payments simulated offline, with test cards) when BILLING_PROVIDER=test, else null; the setting keeps its value for operators. */
export const SANDBOX_PROCESSOR = Symbol('SANDBOX_PROCESSOR');

export const PROVIDERS: Provider[] = [
  {
    provide: STRIPE_CLIENT,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig): Stripe | null =>
      config.billing.provider === 'stripe' ? createStripeClient(config) : null,
  },
  {
    provide: SANDBOX_PROCESSOR,
    inject: [APP_CONFIG, getDataSourceToken()],
    useFactory: (config: AppConfig, dataSource: DataSource): SandboxProcessor | null =>
      config.billing.provider === 'test'
        ? new SandboxProcessor(dataSource, sandboxPrices(config))
        : null,
  },
  {
    provide: PAYMENT_PROVIDER,
    inject: [APP_CONFIG, STRIPE_CLIENT, SANDBOX_PROCESSOR, LOGGER],
    useFactory: (config: AppConfig, stripe: Stripe | null, processor: SandboxProcessor | null, logger: Logger): PaymentProvider => {
      if (stripe) return new StripePaymentProvider(stripe, config, logger);
      if (processor) return new SandboxPaymentProvider(processor);
      throw new Error(`No payment provider for BILLING_PROVIDER=${config.billing.provider}`);
    },
  },
];
