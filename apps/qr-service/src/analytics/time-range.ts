import { ANALYTICS_DATE, DomainError, ErrorCode } from '@qrd/contracts';

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;

export interface DayRange {
  fromDay: string;
  toDay: string;
  unit: 'hour' | 'day';
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { [field]: message });
}

/** Today's date (YYYY-MM-DD) on the viewer's wall calendar. */
export function localToday(tz: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function dayNumber(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return ms / DAY_MS;
}

export function shiftDay(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The local days to report: both ends included, last 30 days by default, at most a year.
 * A range of one or two days is shown by the hour, anything longer by the day.
 */
export function dayRange(from: string | undefined, to: string | undefined, tz: string, now: Date = new Date()): DayRange {
  for (const [field, value] of [['from', from], ['to', to]] as const) {
    if (value !== undefined && (!ANALYTICS_DATE.test(value) || Number.isNaN(dayNumber(value)) || shiftDay(value, 0) !== value)) {
      throw invalid(field, 'Dates must be real days like 2025-01-31');
    }
  }
  const toDay = to ?? localToday(tz, now);
  const fromDay = from ?? shiftDay(toDay, -(DEFAULT_DAYS - 1));
  const span = dayNumber(toDay) - dayNumber(fromDay) + 1;
  if (span < 1) throw invalid('from', 'The start date must not be after the end date');
  if (span > MAX_DAYS) throw invalid('from', `Choose a range of at most ${MAX_DAYS} days`);
  return { fromDay, toDay, unit: span <= 2 ? 'hour' : 'day' };
}
