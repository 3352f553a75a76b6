/** Spec section 9: dates in US English (short month, day, year), money in US dollars. */
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const numberFormat = new Intl.NumberFormat('en-US');

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

export function formatMoney(dollars: number): string {
  return moneyFormat.format(dollars);
}

/** A count, or a dash when the service that knows it did not answer. */
export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' ? numberFormat.format(value) : '—';
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
