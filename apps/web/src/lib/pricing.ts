import { defineMessages } from 'react-intl';
import { CURRENCIES, DEFAULT_CURRENCY, formatMoney, isCurrency, type BillingConfigView, type BillingInterval, type Currency, type PlanPrice } from '@qrd/contracts';

/** The plan's prices as the web app shows them, from the server's configuration (GET /api/config). */
export interface PlanPrices {
  /** Per code per month, formatted in the currency for the shown language. */
  monthly: string;
  /** Per code per year, formatted in the currency for the shown language. */
  annual: string;
  /** Whole months a year paid at once saves against twelve monthly payments (0 when none). */
  annualMonthsFree: number;
  /** The same saving in whole per cent, rounded down. */
  annualSavingPercent: number;
  /** The currency of these prices. */
  currency: Currency;
}

/** The prices of one currency, from the server's configuration (US dollars when it names no others). */
export function pricesIn(config: Pick<BillingConfigView, 'prices' | 'pricesByCurrency'>, currency: Currency): Record<BillingInterval, PlanPrice> {
  return config.pricesByCurrency?.[currency] ?? config.prices;
}

/** The currencies the server sells in (US dollars only when it does not say). */
export function offeredCurrencies(config: Pick<BillingConfigView, 'currencies'> | undefined): Currency[] {
  return config?.currencies?.length ? config.currencies : [DEFAULT_CURRENCY];
}

/**
 * DESIGN section 6: one plan priced per code (seat); the server's prices are the only source.
 * Formatted for `locale` in `currency` (a currency the server has no prices in reads US dollars).
 */
export function describePrices(
  config: Pick<BillingConfigView, 'prices' | 'pricesByCurrency' | 'currencies'>,
  currency: Currency = DEFAULT_CURRENCY,
  locale = 'en-US',
): PlanPrices {
  const shown = config.pricesByCurrency?.[currency] ? currency : DEFAULT_CURRENCY;
  const prices = pricesIn(config, shown);
  const month = prices.monthly.unitAmountCents;
  const year = prices.annual.unitAmountCents;
  const saved = Math.max(0, month * 12 - year);
  return {
    monthly: formatMoney(month, shown, locale),
    annual: formatMoney(year, shown, locale),
    annualMonthsFree: month > 0 ? Math.floor(saved / month + 1e-9) : 0,
    annualSavingPercent: month > 0 ? Math.floor((saved / (month * 12)) * 100 + 1e-9) : 0,
    currency: shown,
  };
}

export const pricingMessages = defineMessages<string>({
  monthsFree: { id: 'billing.pricing.monthsFree', defaultMessage: '{months, plural, one {# month free} other {# months free}}' },
});

/** Euro-area regions (ISO 3166) whose visitors see euros whatever their language. */
const EURO_REGIONS = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);

/**
 * The currency a visitor sees first, from their browser's most preferred language tag: its region
 * when it names one we price for (en-GB: pounds, de-AT or en-IE: euros, en-US: dollars), else its
 * language (English: dollars; German, French, Spanish, Portuguese, Japanese, Arabic: euros).
 */
export function currencyForLocale(tags: readonly (string | null | undefined)[]): Currency {
  const tag = tags.find((t): t is string => typeof t === 'string' && t.length > 0 && t.length <= 35);
  if (!tag) return DEFAULT_CURRENCY;
  const [language, ...rest] = tag.split(/[-_]/);
  const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase();
  if (region === 'GB' || region === 'UK') return 'gbp';
  if (region === 'US') return 'usd';
  if (region && EURO_REGIONS.has(region)) return 'eur';
  return language.toLowerCase() === 'en' ? 'usd' : 'eur';
}

const STORAGE_KEY = 'qrd.currency';
const listeners = new Set<() => void>();
let chosen: Currency | null | undefined;

function readStored(): Currency | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isCurrency(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The currency this visitor chose on the pricing section, else the one their browser suggests. */
export function visitorCurrency(): Currency {
  if (chosen === undefined) chosen = readStored();
  if (chosen) return chosen;
  return currencyForLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** Remembers the visitor's choice in this browser and shows every price in it. */
export function chooseCurrency(currency: Currency): void {
  chosen = currency;
  try {
    window.localStorage.setItem(STORAGE_KEY, currency);
  } catch {
    // Storage refused (a private window): the choice lasts until the page is closed.
  }
  listeners.forEach((listener) => listener());
}

export function subscribeToCurrency(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start from the browser's suggestion again. */
export function forgetChosenCurrency(): void {
  chosen = undefined;
}

export { CURRENCIES };

/** Spec section 1: what the single plan includes. */
export const PLAN_FEATURE_MESSAGES = defineMessages<string>({
  codes: { id: 'billing.planFeatures.codes', defaultMessage: 'As many dynamic QR codes as you need' },
  update: { id: 'billing.planFeatures.update', defaultMessage: 'Update destination URLs at any time' },
  analytics: { id: 'billing.planFeatures.analytics', defaultMessage: 'Scan analytics: counts, location, device and time' },
  downloads: { id: 'billing.planFeatures.downloads', defaultMessage: 'High-quality downloads (PNG, SVG, PDF)' },
  urls: { id: 'billing.planFeatures.urls', defaultMessage: 'URL management' },
  support: { id: 'billing.planFeatures.support', defaultMessage: 'Email support' },
});
