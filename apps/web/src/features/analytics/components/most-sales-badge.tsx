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
