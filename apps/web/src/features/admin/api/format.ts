import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { CurrencyRevenueView } from '@qrd/contracts';
import { getErrorMessage } from '../../../lib/api-client';

/** Dates (short month, day, year) and counts in the shown language, money in US dollars (spec section 9) unless another currency is named. */

/** A dash where a figure is not known (not words). */
export const NOT_KNOWN = '—';

const messages = defineMessages({
  tryAgain: { id: 'analytics.admin.tryAgain', defaultMessage: 'please try again.' },
});

export function formatDate(intl: IntlShape, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? NOT_KNOWN : intl.formatDate(date, { month: 'short', day: 'numeric', year: 'numeric' });
}

export function formatMoney(intl: IntlShape, amount: number, currency = 'usd'): string {
  return intl.formatNumber(amount, { style: 'currency', currency: currency.toUpperCase() });
}

/**
 * Revenue in each currency it was earned in, side by side (never added together: euros are not
 * dollars): "$9.89, €3.29"; US dollars alone while nothing is sold, as the spec shows it, and from a
 * billing-service that does not give the currencies yet (`dollars`: its figure).
 */
export function formatRevenue(
  intl: IntlShape,
  byCurrency: CurrencyRevenueView[] | undefined,
  read: (revenue: CurrencyRevenueView) => number,
  dollars = 0,
): string {
  if (!byCurrency || byCurrency.length === 0) return formatMoney(intl, dollars);
  return intl.formatList(
    byCurrency.map((revenue) => formatMoney(intl, read(revenue), revenue.currency)),
    { type: 'unit' },
  );
}

/** A count, or a dash when the service that knows it did not answer. */
export function formatCount(intl: IntlShape, value: number | null | undefined): string {
  return typeof value === 'number' ? intl.formatNumber(value) : NOT_KNOWN;
}

/**
 * The failure of a back-office read in words: `message` takes the server's reason as `{reason}`
 * ("Could not load the domains: {reason}").
 */
export function loadFailure(intl: IntlShape, message: MessageDescriptor) {
  return (error: unknown) =>
    intl.formatMessage(message, { reason: getErrorMessage(error, error instanceof Error ? error.message : intl.formatMessage(messages.tryAgain)) });
}

/** Total views and homepage views of the page-visit map (spec section 9). */
export function pageViewTotals(visits: Record<string, number>): { total: number; homepage: number } {
  const total = Object.values(visits).reduce((sum, count) => sum + count, 0);
  return { total, homepage: visits['/'] ?? 0 };
}

/** The map as rows, most viewed first. */
export function pageViewRows(visits: Record<string, number>): { path: string; views: number }[] {
  return Object.entries(visits)
    .map(([path, views]) => ({ path, views }))
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
}
