import type { EnrichedScan } from './scan-enricher';
import type { VisitorKey } from './known-visitors';
import { EEA_COUNTRIES } from '@qrd/contracts';
import { plainArray } from './pg-arrays';
import { visitorHalves } from './scan-terms';
import { HOUR_MS, type OwnedScan, utcDayOf } from './scan-rollups';

const dayText = (ms: number) => new Date(utcDayOf(ms)).toISOString().slice(0, 10);

const NO_CODES: ReadonlySet<string> = new Set();

/** The countries of the EU privacy mode. */
const EEA = new Set<string>(EEA_COUNTRIES);

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

/**
 * The raw rows as the insert takes them, built before the transaction opens: the columns stored as
 * they are (array literals), and each scan's keys in the dictionaries (scan-terms.ts), whose ids
 * are looked up when the batch is stored. `privatePlaces` is the place an owner in the EU privacy
 * mode keeps: the country alone for a visitor from the EEA.
 */
export interface RawColumns {
  plain: string[];
  agents: string[];
  places: string[];
  privatePlaces: string[];
  contexts: string[];
}

export function rawColumns(batch: EnrichedScan[]): RawColumns {
  const highs: number[] = [];
  const lows: number[] = [];
  const agents: string[] = [];
  const places: string[] = [];
  const privatePlaces: string[] = [];
  const contexts: string[] = [];
  for (const s of batch) {
    const [high, low] = visitorHalves(s.visitorHash);
    highs.push(high);
    lows.push(low);
    agents.push(JSON.stringify([s.isBot, s.botReason, s.method, s.device, s.os, s.browser]));
    const place = JSON.stringify([s.country, s.region, s.city]);
    places.push(place);
    privatePlaces.push(s.country !== null && EEA.has(s.country) && (s.region !== null || s.city !== null) ? JSON.stringify([s.country, null, null]) : place);
    // Scans stay NULL (as every scan stored before links were told apart); clicks say so.
    contexts.push(JSON.stringify([s.referrer, s.language, s.variant ?? null, s.rule ?? null, s.source === 'click' ? 'click' : null]));
  }
  return {
    plain: [
      plainArray(batch.map((s) => s.scanId)),
      plainArray(batch.map((s) => s.codeId)),
      plainArray(batch.map((s) => s.scannedAt.getTime())),
      plainArray(highs),
      plainArray(lows),
    ],
    agents,
    places,
    privatePlaces,
    contexts,
  };
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
