import type { ScanActivity } from '@qrd/contracts';

function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** "12 scans" / "1 scan". */
export function scanCount(item: Pick<ScanActivity, 'scans'>): string {
  return `${item.scans.toLocaleString('en-US')} ${item.scans === 1 ? 'scan' : 'scans'}`;
}

/** The hour the scans fell in, in the viewer's time: "since 10:00 AM" while it lasts, else "from 9:00 AM to 10:00 AM". */
export function scanHour(item: Pick<ScanActivity, 'from' | 'to'>, now: number = Date.now()): string {
  return Date.parse(item.to) > now ? `since ${clock(item.from)}` : `from ${clock(item.from)} to ${clock(item.to)}`;
}
