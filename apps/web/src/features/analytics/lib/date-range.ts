import { localDay } from './figures';

/** The longest range the analytics answer (both ends included), as the server enforces it. */
export const MAX_RANGE_DAYS = 366;

export type RangePreset = 'today' | '7d' | '30d' | '90d' | 'this-month' | 'last-month' | 'custom';

export interface DayRange {
  from: string;
  to: string;
}

export const PRESETS: { id: Exclude<RangePreset, 'custom'>; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: '90d', label: '90 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
];

const DAY_MS = 24 * 3600 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function rangeLength(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A preset's local days on the viewer's calendar. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date = new Date(), tz?: string): DayRange {
  const today = localDay(now, tz);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: shiftDay(today, -6), to: today };
    case '30d':
      return { from: shiftDay(today, -29), to: today };
    case '90d':
      return { from: shiftDay(today, -89), to: today };
    case 'this-month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last-month': {
      const lastOfPrevious = shiftDay(`${today.slice(0, 7)}-01`, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
  }
}

/** The period of the same length just before (what the comparison figures are measured against). */
export function previousRange(range: DayRange): DayRange {
  const days = rangeLength(range);
  return { from: shiftDay(range.from, -days), to: shiftDay(range.from, -1) };
}

function isRealDay(day: string): boolean {
  return DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && shiftDay(day, 0) === day;
}

/** What is wrong with a custom range, per field, in words a person understands; null when it is fine. */
export function rangeProblems(range: { from: string; to: string }): { from?: string; to?: string } | null {
  const problems: { from?: string; to?: string } = {};
  if (!range.from) problems.from = 'Choose a start date';
  else if (!isRealDay(range.from)) problems.from = 'Enter a real date like 2026-01-31';
  if (!range.to) problems.to = 'Choose an end date';
  else if (!isRealDay(range.to)) problems.to = 'Enter a real date like 2026-01-31';
  if (problems.from || problems.to) return problems;
  if (range.from > range.to) return { from: 'The start date must not be after the end date' };
  if (rangeLength(range) > MAX_RANGE_DAYS) return { from: `Choose a range of at most ${MAX_RANGE_DAYS} days` };
  return null;
}

/** "Nov 1 - Nov 7, 2026" style label for a range. */
export function rangeLabel(range: DayRange): string {
  const format = (day: string, withYear: boolean) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  if (range.from === range.to) return format(range.from, true);
  return `${format(range.from, range.from.slice(0, 4) !== range.to.slice(0, 4))} - ${format(range.to, true)}`;
}
