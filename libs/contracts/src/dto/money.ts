// Its own module, without DTO classes: the web app's first script shows prices without carrying
// the validation library along.

/** The currencies prices are set in (ISO 4217, lower case as Stripe writes them). */
export const CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'usd';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * An amount in minor units (cents, pence) formatted for a reader: `formatMoney(349, 'eur', 'de')`
 * is "3,49 €", `formatMoney(349, 'usd', 'en')` "$3.49". Money travels as integers everywhere and is
 * formatted only for display.
 */
export function formatMoney(minor: number, currency: Currency = DEFAULT_CURRENCY, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

/** "$3.49" from 349 (US dollars, English). */
export function formatCents(cents: number): string {
  return formatMoney(cents, 'usd', 'en-US');
}
