import type { ScanActivity } from '@qrd/contracts';
import type { IntlShape } from 'react-intl';

function clock(intl: IntlShape, iso: string): string {
  return intl.formatTime(iso, { hour: 'numeric', minute: '2-digit' });
}

/**
 * The hour the scans fell in, in the viewer's time and language: `ongoing` while it lasts ("since
 * 10:00 AM"), else its start and end ("from 9:00 AM to 10:00 AM"). The sentence is the caller's message.
 */
export function scanHour(intl: IntlShape, item: Pick<ScanActivity, 'from' | 'to'>, now: number = Date.now()): { ongoing: 'yes' | 'no'; from: string; to: string } {
  return { ongoing: Date.parse(item.to) > now ? 'yes' : 'no', from: clock(intl, item.from), to: clock(intl, item.to) };
}
