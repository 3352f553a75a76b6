/** Number and date formatting for the analytics screens (spec section 9: US English). */

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** "Jan 5, 2026, 3:04 PM", or the spec's 'Never'. */
export function formatWhen(iso: string | null): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** Month-on-month change: "+25%", "-10%", or null when there is nothing to compare with. */
export function growth(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

/** The local day the viewer's calendar shows for an instant (YYYY-MM-DD). */
export function localDay(date: Date, tz?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The last `days` local days, today included. */
export function lastDays(days: number, now: Date = new Date(), tz?: string): { from: string; to: string } {
  return { from: localDay(new Date(now.getTime() - (days - 1) * 24 * 3600 * 1000), tz), to: localDay(now, tz) };
}

/** Axis labels: "Jan 5" for days, "3 PM" for hours. */
export function bucketLabel(bucket: string): string {
  const [day, time] = bucket.split('T');
  const [y, m, d] = day.split('-').map(Number);
  if (time) {
    const hour = Number(time.slice(0, 2));
    return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
  }
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

let regionNames: Intl.DisplayNames | null = null;

/** "GB" -> "United Kingdom"; '' (not found) -> "Unknown". */
export function countryName(code: string): string {
  if (!code) return 'Unknown';
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const DEVICE_NAMES: Record<string, string> = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop', other: 'Other' };

export function deviceName(kind: string): string {
  return DEVICE_NAMES[kind] ?? (kind || 'Unknown');
}

/** Scans without a referrer came straight from a camera app. */
export function referrerName(host: string): string {
  return host || 'Direct (camera app)';
}
