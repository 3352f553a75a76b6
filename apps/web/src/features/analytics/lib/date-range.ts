import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { localDay } from './figures';

/** The longest range the analytics answer (both ends included), as the server enforces it. */
export const MAX_RANGE_DAYS = 366;

export type RangePreset = 'today' | '7d' | '30d' | '90d' | 'this-month' | 'last-month' | 'custom';

export interface DayRange {
  from: string;
  to: string;
}

const messages = defineMessages<string>({
  today: { id: 'analytics.dateRange.preset.today', defaultMessage: 'Today' },
  days7: { id: 'analytics.dateRange.preset.7d', defaultMessage: '7 days' },
  days30: { id: 'analytics.dateRange.preset.30d', defaultMessage: '30 days' },
  days90: { id: 'analytics.dateRange.preset.90d', defaultMessage: '90 days' },
  thisMonth: { id: 'analytics.dateRange.preset.thisMonth', defaultMessage: 'This month' },
  lastMonth: { id: 'analytics.dateRange.preset.lastMonth', defaultMessage: 'Last month' },
  noStart: { id: 'analytics.dateRange.problem.noStart', defaultMessage: 'Choose a start date' },
  noEnd: { id: 'analytics.dateRange.problem.noEnd', defaultMessage: 'Choose an end date' },
  notADay: { id: 'analytics.dateRange.problem.notADay', defaultMessage: 'Enter a real date like 2026-01-31' },
  reversed: { id: 'analytics.dateRange.problem.reversed', defaultMessage: 'The start date must not be after the end date' },
  tooLong: { id: 'analytics.dateRange.problem.tooLong', defaultMessage: 'Choose a range of at most {days, plural, one {# day} other {# days}}' },
  range: { id: 'analytics.dateRange.label', defaultMessage: '{from} - {to}' },
});

export const PRESETS: { id: Exclude<RangePreset, 'custom'>; label: MessageDescriptor }[] = [
  { id: 'today', label: messages.today },
  { id: '7d', label: messages.days7 },
  { id: '30d', label: messages.days30 },
  { id: '90d', label: messages.days90 },
  { id: 'this-month', label: messages.thisMonth },
  { id: 'last-month', label: messages.lastMonth },
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
export function rangeProblems(intl: IntlShape, range: { from: string; to: string }): { from?: string; to?: string } | null {
  const problems: { from?: string; to?: string } = {};
  if (!range.from) problems.from = intl.formatMessage(messages.noStart);
  else if (!isRealDay(range.from)) problems.from = intl.formatMessage(messages.notADay);
  if (!range.to) problems.to = intl.formatMessage(messages.noEnd);
  else if (!isRealDay(range.to)) problems.to = intl.formatMessage(messages.notADay);
  if (problems.from || problems.to) return problems;
  if (range.from > range.to) return { from: intl.formatMessage(messages.reversed) };
  if (rangeLength(range) > MAX_RANGE_DAYS) return { from: intl.formatMessage(messages.tooLong, { days: MAX_RANGE_DAYS }) };
  return null;
}

/** "Nov 1 - Nov 7, 2026" style label for a range, in the shown language. */
export function rangeLabel(intl: IntlShape, range: DayRange): string {
  const format = (day: string, withYear: boolean) =>
    intl.formatDate(`${day}T00:00:00Z`, { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  if (range.from === range.to) return format(range.from, true);
  return intl.formatMessage(messages.range, { from: format(range.from, range.from.slice(0, 4) !== range.to.slice(0, 4)), to: format(range.to, true) });
}
