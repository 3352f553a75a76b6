import type { Reader } from './reader';

/** The currencies prices are set in (the same list as @qrd/contracts CURRENCIES; config depends on nothing). */
export const PRICE_CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];
export type PriceInterval = 'monthly' | 'annual';

/** Per code (seat) per period, in minor units (cents, pence) of each currency. */
export type CurrencyPrices = Record<PriceCurrency, Record<PriceInterval, number>>;
/** Stripe's Price ids per currency (null: not configured). */
export type StripePriceIds = Record<PriceCurrency, Record<PriceInterval, string | null>>;

export interface BillingPricesConfig {
  prices: CurrencyPrices;
  /**
   * The currencies customers may pay in: every one with the test provider; with Stripe, US dollars
   * and each currency whose two Stripe prices are configured.
   */
  currencies: PriceCurrency[];
  stripePrices: StripePriceIds;
}

const DEFAULTS: CurrencyPrices = {
  usd: { monthly: 349, annual: 3490 },
  eur: { monthly: 349, annual: 3490 },
  gbp: { monthly: 299, annual: 2990 },
};

/** PRICE_MONTHLY_CENTS (US dollars), PRICE_MONTHLY_EUR_CENTS, PRICE_MONTHLY_GBP_CENTS, and the same for ANNUAL. */
function priceName(interval: PriceInterval, currency: PriceCurrency): string {
  const base = interval === 'monthly' ? 'PRICE_MONTHLY' : 'PRICE_ANNUAL';
  return currency === 'usd' ? `${base}_CENTS` : `${base}_${currency.toUpperCase()}_CENTS`;
}

/** STRIPE_PRICE_MONTHLY (US dollars), STRIPE_PRICE_MONTHLY_EUR, STRIPE_PRICE_MONTHLY_GBP, and the same for ANNUAL. */
export function stripePriceName(interval: PriceInterval, currency: PriceCurrency): string {
  const base = interval === 'monthly' ? 'STRIPE_PRICE_MONTHLY' : 'STRIPE_PRICE_ANNUAL';
  return currency === 'usd' ? base : `${base}_${currency.toUpperCase()}`;
}

/**
 * Prices per currency (docs/currencies.md). Each has a default; a Stripe deployment names a Price
 * per currency and interval, US dollars required, the others both or neither.
 */
export function readBillingPrices(r: Reader, provider: 'test' | 'stripe'): BillingPricesConfig {
  const prices = {} as CurrencyPrices;
  const stripePrices = {} as StripePriceIds;
  const currencies: PriceCurrency[] = [];
  for (const currency of PRICE_CURRENCIES) {
    prices[currency] = {
      monthly: r.int(priceName('monthly', currency), DEFAULTS[currency].monthly, 50, 1_000_000),
      annual: r.int(priceName('annual', currency), DEFAULTS[currency].annual, 50, 10_000_000),
    };
    stripePrices[currency] = {
      monthly: r.optional(stripePriceName('monthly', currency)),
      annual: r.optional(stripePriceName('annual', currency)),
    };
    const { monthly, annual } = stripePrices[currency];
    if (provider !== 'stripe' || (monthly && annual)) {
      currencies.push(currency);
    } else if (currency !== 'usd' && (monthly || annual)) {
      const missing = monthly ? stripePriceName('annual', currency) : stripePriceName('monthly', currency);
      r.problems.push(`${missing} is required when ${monthly ? stripePriceName('monthly', currency) : stripePriceName('annual', currency)} is set: a currency needs both of its Stripe prices`);
    }
  }
  return { prices, currencies, stripePrices };
}
