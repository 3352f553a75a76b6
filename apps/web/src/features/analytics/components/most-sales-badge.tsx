import type { ConversionTotals } from '@qrd/contracts';
import { formatCount } from '../lib/figures';
import { formatRevenue } from '../lib/money';

/** Marks the one row with the most sales (none when nothing sold or when rows tie). */
export function MostSalesBadge() {
  return <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">Most sales</span>;
}

/** The single row with the most sales, or undefined when nothing sold or several rows share the most. */
export function mostSalesOf<T extends { sales?: number }>(rows: T[]): T | undefined {
  const most = Math.max(0, ...rows.map((row) => row.sales ?? 0));
  const leaders = rows.filter((row) => most > 0 && (row.sales ?? 0) === most);
  return leaders.length === 1 ? leaders[0] : undefined;
}

/** The last three column heads of a conversions table: leads, sales, revenue. */
export function ConversionHeads() {
  return (
    <>
      <th scope="col" className="py-2 pr-4 text-right font-medium">Leads</th>
      <th scope="col" className="py-2 pr-4 text-right font-medium">Sales</th>
      <th scope="col" className="py-2 text-right font-medium">Revenue</th>
    </>
  );
}

/** A row's leads, sales and revenue, under ConversionHeads. */
export function ConversionCells({ row }: { row: Partial<Pick<ConversionTotals, 'leads' | 'sales' | 'revenue'>> }) {
  return (
    <>
      <td className="py-2 pr-4 text-right tabular-nums">{formatCount(row.leads ?? 0)}</td>
      <td className="py-2 pr-4 text-right tabular-nums">{formatCount(row.sales ?? 0)}</td>
      <td className="py-2 text-right tabular-nums">{formatRevenue(row.revenue)}</td>
    </>
  );
}
