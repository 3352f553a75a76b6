import { ConfigError, loadConfig } from './index';

const STRIPE = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_MONTHLY: 'price_m',
  STRIPE_PRICE_ANNUAL: 'price_y',
};

describe('prices per currency', () => {
  it('has a price in every currency by default, US dollars from PRICE_MONTHLY_CENTS and PRICE_ANNUAL_CENTS', () => {
    const { billing } = loadConfig({ PRICE_MONTHLY_CENTS: '399', PRICE_ANNUAL_EUR_CENTS: '3290' });
    expect(billing.prices).toEqual({
      usd: { monthly: 399, annual: 3490 },
      eur: { monthly: 349, annual: 3290 },
      gbp: { monthly: 299, annual: 2990 },
    });
    expect(billing.monthlyPriceCents).toBe(399);
    expect(billing.currencies).toEqual(['usd', 'eur', 'gbp']);
  });

  it('refuses a price that is not a whole number of minor units, naming the setting', () => {
    expect(() => loadConfig({ PRICE_MONTHLY_GBP_CENTS: '2.99' })).toThrow(ConfigError);
    expect(() => loadConfig({ PRICE_MONTHLY_GBP_CENTS: '2.99' })).toThrow(/PRICE_MONTHLY_GBP_CENTS must be a whole number/);
  });

  it('offers with Stripe US dollars and each currency whose two Stripe prices are set', () => {
    const config = loadConfig({ ...STRIPE, STRIPE_PRICE_MONTHLY_EUR: 'price_m_eur', STRIPE_PRICE_ANNUAL_EUR: 'price_y_eur' });
    expect(config.billing.currencies).toEqual(['usd', 'eur']);
    expect(config.billing.stripe.prices.eur).toEqual({ monthly: 'price_m_eur', annual: 'price_y_eur' });
    expect(config.billing.stripe.prices.gbp).toEqual({ monthly: null, annual: null });
  });

  it('refuses a currency with only one of its Stripe prices', () => {
    expect(() => loadConfig({ ...STRIPE, STRIPE_PRICE_MONTHLY_GBP: 'price_m_gbp' })).toThrow(/STRIPE_PRICE_ANNUAL_GBP is required when STRIPE_PRICE_MONTHLY_GBP is set/);
  });
});
