import type { EnrichedScan } from './scan-enricher';
import type { VisitorKey } from './known-visitors';
import { boolArray, plainArray, textArray } from './pg-arrays';
import { HOUR_MS, type OwnedScan, utcDayOf } from './scan-rollups';

const dayText = (ms: number) => new Date(utcDayOf(ms)).toISOString().slice(0, 10);

const NO_CODES: ReadonlySet<string> = new Set();

/**
 * A code counting unique visitors per hour keeps one visitor row per UTC hour: its key is the
 * visitor's hash with the hour of the day after it ('@00' to '@23'; a hash never holds '@'), in the
 * same table and under the same day as a day's row, so keeping, forgetting and removing visitors
 * treat both alike.
 */
export function hourlyVisitorHash(hash: string, at: number, dayStart: number): string {
  const hour = Math.floor((at - dayStart) / HOUR_MS);
  return `${hash}@${hour < 10 ? '0' : ''}${hour}`;
}

/** A batch of scans as the statements that store it take them: column arrays and visitor keys. */

/** The raw rows' columns as array literals, built before the transaction opens. */
export function rawColumns(batch: EnrichedScan[]): string[] {
  return [
    plainArray(batch.map((s) => s.scanId)),
    plainArray(batch.map((s) => s.codeId)),
    plainArray(batch.map((s) => s.scannedAt.getTime())),
    boolArray(batch.map((s) => s.isBot)),
    textArray(batch.map((s) => s.botReason)),
    textArray(batch.map((s) => s.method)),
    textArray(batch.map((s) => s.device)),
    textArray(batch.map((s) => s.os)),
    textArray(batch.map((s) => s.browser)),
    textArray(batch.map((s) => s.country)),
    textArray(batch.map((s) => s.region)),
    textArray(batch.map((s) => s.city)),
    textArray(batch.map((s) => s.referrer)),
    textArray(batch.map((s) => s.language)),
    textArray(batch.map((s) => s.visitorHash)),
    textArray(batch.map((s) => s.variant ?? null)),
    plainArray(batch.map((s) => s.rule ?? null)),
    // Scans stay NULL (as every scan stored before links were told apart); clicks say so.
    textArray(batch.map((s) => (s.source === 'click' ? 'click' : null))),
  ];
}

/**
 * Unique scanners: each visitor (day-salted hash) counts once a day per code and per owner, at
 * their first scan of the day: the batch's earliest scan of each visitor, day and scope. A code in
 * `hourly` counts its visitors once per UTC hour instead (its owner still once a day). Keyed per
 * day and scope, then per visitor (no key string built per scan of a code counting per day).
 */
export function visitorKeys(scans: OwnedScan[], hourly: ReadonlySet<string> = NO_CODES): VisitorKey[] {
  const scopes = new Map<string, Map<string, VisitorKey>>();
  let lastDayStart = NaN;
  let day = '';
  const note = (scope: VisitorKey['scope'], scopeId: string, scan: OwnedScan, at: number, hash: string) => {
    const id = day + scopeId;
    let visitors = scopes.get(id);
    if (!visitors) scopes.set(id, (visitors = new Map()));
    const known = visitors.get(hash);
    if (!known) visitors.set(hash, { scope, scopeId, day, hash, at, codeId: scan.codeId });
    else if (at < known.at) {
      known.at = at;
      known.codeId = scan.codeId;
    }
  };
  for (const scan of scans) {
    if (scan.isBot) continue;
    const at = scan.scannedAt.getTime();
    const dayStart = utcDayOf(at);
    if (dayStart !== lastDayStart) {
      lastDayStart = dayStart;
      day = dayText(dayStart);
    }
    const perHour = hourly.size > 0 && hourly.has(scan.codeId);
    note('code', scan.codeId, scan, at, perHour ? hourlyVisitorHash(scan.visitorHash, at, dayStart) : scan.visitorHash);
    note('owner', scan.ownerId, scan, at, scan.visitorHash);
  }
  const list: VisitorKey[] = [];
  for (const visitors of scopes.values()) for (const key of visitors.values()) list.push(key);
  return list;
}
