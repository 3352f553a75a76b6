/** Number, date and name formatting for the analytics screens, in the language shown. */
import { defineMessages, type IntlShape } from 'react-intl';

const messages = defineMessages({
  never: { id: 'analytics.figures.never', defaultMessage: 'Never' },
  unknown: { id: 'analytics.figures.unknown', defaultMessage: 'Unknown' },
  direct: { id: 'analytics.figures.direct', defaultMessage: 'Direct (camera app)' },
  mobile: { id: 'analytics.figures.device.mobile', defaultMessage: 'Mobile' },
  tablet: { id: 'analytics.figures.device.tablet', defaultMessage: 'Tablet' },
  desktop: { id: 'analytics.figures.device.desktop', defaultMessage: 'Desktop' },
  other: { id: 'analytics.figures.device.other', defaultMessage: 'Other' },
});

/** "Jan 5, 2026, 3:04 PM", or the spec's 'Never'. */
export function formatWhen(intl: IntlShape, iso: string | null): string {
  if (!iso) return intl.formatMessage(messages.never);
  return intl.formatDate(iso, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** Month-on-month change: "+25%", "-10%", or null when there is nothing to compare with. */
export function growth(intl: IntlShape, current: number, previous: number): string | null {
  if (previous === 0) return null;
  const percent = Math.round(((current - previous) / previous) * 100);
  return intl.formatNumber(percent / 100, { style: 'percent', signDisplay: 'exceptZero' });
}

/** The local day the viewer's calendar shows for an instant (YYYY-MM-DD). */
export function localDay(date: Date, tz?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The last `days` local days, today included. */
export function lastDays(days: number, now: Date = new Date(), tz?: string): { from: string; to: string } {
  return { from: localDay(new Date(now.getTime() - (days - 1) * 24 * 3600 * 1000), tz), to: localDay(now, tz) };
}

/** An hour of the day as the shown language says it ("3 PM", "15 Uhr"). */
export function hourName(intl: IntlShape, hour: number): string {
  return intl.formatTime(Date.UTC(2026, 0, 5, hour), { hour: 'numeric', timeZone: 'UTC' });
}

/** Axis labels: "Jan 5" for days, "3 PM" for hours. */
export function bucketLabel(intl: IntlShape, bucket: string): string {
  const [day, time] = bucket.split('T');
  const [y, m, d] = day.split('-').map(Number);
  if (time) return hourName(intl, Number(time.slice(0, 2)));
  return intl.formatDate(Date.UTC(y, m - 1, d), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** "GB" -> "United Kingdom" in the shown language; '' (not found) -> "Unknown". */
export function countryName(intl: IntlShape, code: string): string {
  if (!code) return intl.formatMessage(messages.unknown);
  if (!regionNames.has(intl.locale)) {
    try {
      regionNames.set(intl.locale, new Intl.DisplayNames([intl.locale, 'en'], { type: 'region' }));
    } catch {
      regionNames.set(intl.locale, null);
    }
  }
  try {
    return regionNames.get(intl.locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

export function deviceName(intl: IntlShape, kind: string): string {
  if (kind === 'mobile' || kind === 'tablet' || kind === 'desktop' || kind === 'other') return intl.formatMessage(messages[kind]);
  return kind || intl.formatMessage(messages.unknown);
}

/** A name the data may leave empty ("Unknown" then). */
export function orUnknown(intl: IntlShape, name: string): string {
  return name || intl.formatMessage(messages.unknown);
}

/** Scans without a referrer came straight from a camera app. */
export function referrerName(intl: IntlShape, host: string): string {
  return host || intl.formatMessage(messages.direct);
}

/** A calendar day (YYYY-MM-DD) written out in the shown language ("Jun 1, 2026"). */
export function dayName(intl: IntlShape, day: string): string {
  return intl.formatDate(`${day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
}
