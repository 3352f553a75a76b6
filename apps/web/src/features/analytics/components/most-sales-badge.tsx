import type { ConversionTotals } from '@qrd/contracts';
import { useIntl } from 'react-intl';
import { formatRevenue } from '../lib/money';
import { conversionMessages } from './conversion-messages';

/** Marks the one row with the most sales (none when nothing sold or when rows tie). */
export function MostSalesBadge() {
  const intl = useIntl();
  return (
    <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
      {intl.formatMessage(conversionMessages.mostSales)}
    </span>
  );
}

/** The single row with the most sales, or undefined when nothing sold or several rows share the most. */
export function mostSalesOf<T extends { sales?: number }>(rows: T[]): T | undefined {
  const most = Math.max(0, ...rows.map((row) => row.sales ?? 0));
  const leaders = rows.filter((row) => most > 0 && (row.sales ?? 0) === most);
  return leaders.length === 1 ? leaders[0] : undefined;
}

/** The last three column heads of a conversions table: leads, sales, revenue. */
export function ConversionHeads() {
  const intl = useIntl();
  return (
    <>
      <th scope="col" className="py-2 pe-4 text-end font-medium">{intl.formatMessage(conversionMessages.leads)}</th>
      <th scope="col" className="py-2 pe-4 text-end font-medium">{intl.formatMessage(conversionMessages.sales)}</th>
      <th scope="col" className="py-2 text-end font-medium">{intl.formatMessage(conversionMessages.revenue)}</th>
    </>
  );
}

/** A row's leads, sales and revenue, under ConversionHeads. */
export function ConversionCells({ row }: { row: Partial<Pick<ConversionTotals, 'leads' | 'sales' | 'revenue'>> }) {
  const intl = useIntl();
  return (
    <>
      <td className="py-2 pe-4 text-end tabular-nums">{intl.formatNumber(row.leads ?? 0)}</td>
      <td className="py-2 pe-4 text-end tabular-nums">{intl.formatNumber(row.sales ?? 0)}</td>
      <td className="py-2 text-end tabular-nums">{formatRevenue(intl, row.revenue)}</td>
    </>
  );
}
