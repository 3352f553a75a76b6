import type { ConversionTotals } from '@qrd/contracts';

/** An amount in minor units (cents) of a currency, as the viewer's locale writes it. */
export function formatMoney(amount: number, currency: string): string {
  const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** Revenue in each currency, added up per currency ("€25.99 + $10.00"); '-' without any. */
export function formatRevenue(revenue: ConversionTotals['revenue'] | undefined): string {
  return revenue && revenue.length > 0 ? revenue.map((r) => formatMoney(r.amount, r.currency)).join(' + ') : '-';
}
