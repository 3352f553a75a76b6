import type { EnrichedScan } from './scan-enricher';
import type { VisitorKey } from './known-visitors';
import { boolArray, plainArray, textArray } from './pg-arrays';
import { type OwnedScan, utcDayOf } from './scan-rollups';

const dayText = (ms: number) => new Date(utcDayOf(ms)).toISOString().slice(0, 10);

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
    // Scans stay NULL (as every scan stored before links were told apart); clicks say so.
    textArray(batch.map((s) => (s.source === 'click' ? 'click' : null))),
  ];
}

/**
 * Unique scanners: each visitor (day-salted hash) counts once a day per code and per owner, at
 * their first scan of the day: the batch's earliest scan of each visitor, day and scope. Keyed
 * per day and scope, then per visitor (no key string built per scan).
 */
export function visitorKeys(scans: OwnedScan[]): VisitorKey[] {
  const scopes = new Map<string, Map<string, VisitorKey>>();
  let lastDayStart = NaN;
  let day = '';
  const note = (scope: VisitorKey['scope'], scopeId: string, scan: OwnedScan, at: number) => {
    const id = day + scopeId;
    let visitors = scopes.get(id);
    if (!visitors) scopes.set(id, (visitors = new Map()));
    const known = visitors.get(scan.visitorHash);
    if (!known) visitors.set(scan.visitorHash, { scope, scopeId, day, hash: scan.visitorHash, at, codeId: scan.codeId });
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
    note('code', scan.codeId, scan, at);
    note('owner', scan.ownerId, scan, at);
  }
  const list: VisitorKey[] = [];
  for (const visitors of scopes.values()) for (const key of visitors.values()) list.push(key);
  return list;
}
