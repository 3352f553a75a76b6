import type { PercentChange } from '@qrd/contracts';
import { DAY_MS, HOUR_MS } from '../scans/scan-rollups';

/** Time arithmetic of the analytics queries (hours, months, a window cut by granularity) and their ordering and change figures. */

/** Byte order, like PostgreSQL's C collation: the same order in every locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Percent change from `before` to `now`, one decimal; 'new' when there was nothing before. */
export function percentChange(now: number, before: number): PercentChange {
  if (before === 0) return now === 0 ? 0 : 'new';
  return Math.round(((now - before) / before) * 1000) / 10;
}

export const hourFloor = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
export const hourCeil = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

function monthStart(ms: number, add = 0): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + add, 1);
}

/**
 * A window of quarter hours as whole UTC months, whole UTC days outside those months, and the
 * quarter hours of the partial days at its ends. Every part is a half-open range [from, to).
 */
export function splitWindow(start: number, end: number): { months: [number, number][]; days: [number, number][]; quarters: [number, number][] } {
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return { months: [], days: [], quarters: [[start, end]] };
  const quarters: [number, number][] = [
    [start, firstDay],
    [lastDay, end],
  ];
  const firstMonth = monthStart(firstDay) === firstDay ? firstDay : monthStart(firstDay, 1);
  const lastMonth = monthStart(lastDay);
  if (firstMonth >= lastMonth) return { months: [], days: [[firstDay, lastDay]], quarters };
  return {
    months: [[firstMonth, lastMonth]],
    days: [
      [firstDay, firstMonth],
      [lastMonth, lastDay],
    ],
    quarters,
  };
}
