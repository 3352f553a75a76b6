import type { ConversionTotals } from '@qrd/contracts';
import type { IntlShape } from 'react-intl';

/** An amount in minor units (cents) of a currency, as the shown language writes it (yen have no minor unit). */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** Revenue in each currency, added up per currency ("€25.99 + $10.00"); '-' without any. */
export function formatRevenue(intl: IntlShape, revenue: ConversionTotals['revenue'] | undefined): string {
  return revenue && revenue.length > 0 ? revenue.map((r) => formatMoney(r.amount, r.currency, intl.locale)).join(' + ') : '-';
}
