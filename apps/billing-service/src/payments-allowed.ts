import { AppConfig, ConfigError } from '@qrd/config';

/**
 * Production takes real payments or says plainly that it does not: the test provider charges
 * nothing, so a production billing-service runs it only with ALLOW_TEST_PAYMENTS=true (a demo).
 * Stripe's keys are checked with the rest of the configuration (loadConfig).
 */
export function assertPaymentsAllowed(config: AppConfig): void {
  if (config.env === 'production' && config.billing.provider === 'test' && !config.billing.allowTestPayments) {
    throw new ConfigError([
      'BILLING_PROVIDER=test takes no real payments: in production set BILLING_PROVIDER=stripe with the STRIPE_* settings, ' +
        'or ALLOW_TEST_PAYMENTS=true to run a demo on test payments',
    ]);
  }
}
