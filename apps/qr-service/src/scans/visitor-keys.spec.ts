import { HourlyCodes, sameCodes } from './hourly-codes';
import { KnownVisitors } from './known-visitors';
import type { OwnedScan } from './scan-rollups';
import { hourlyVisitorHash, visitorKeys } from './scan-rows';

const HOURLY = '11111111-1111-4111-8111-111111111111';
const DAILY = '33333333-3333-4333-8333-333333333333';
const OWNER = '22222222-2222-4222-8222-222222222222';

const scanOf = (codeId: string, iso: string, visitorHash = 'visitorA', isBot = false): OwnedScan => ({
  scanId: `${codeId}-${iso}`,
  codeId,
  ownerId: OWNER,
  scannedAt: new Date(iso),
  isBot,
  botReason: null,
  method: 'GET',
  device: null,
  os: null,
  browser: null,
  country: null,
  region: null,
  city: null,
  referrer: null,
  language: null,
  visitorHash,
});

/** One visitor scanning a code three times in two UTC hours of one day. */
const threeScans = (codeId: string) => ['2026-11-27T10:05:00Z', '2026-11-27T10:40:00Z', '2026-11-27T11:20:00Z'].map((at) => scanOf(codeId, at));

/** Unique visitors each scope gains from a batch of new visitors: one per key. */
function uniquesPerScope(scans: OwnedScan[], hourly?: ReadonlySet<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of visitorKeys(scans, hourly)) counts[key.scopeId] = (counts[key.scopeId] ?? 0) + 1;
  return counts;
}

describe('visitorKeys by the code\'s unique-visitor window', () => {
  it('counts a visitor of a per-hour code once in each hour they scan, and once that day for the account', () => {
    expect(uniquesPerScope(threeScans(HOURLY), new Set([HOURLY]))).toEqual({ [HOURLY]: 2, [OWNER]: 1 });
  });

  it('counts a visitor of a per-day code once that day, as before the choice existed', () => {
    expect(uniquesPerScope(threeScans(DAILY), new Set([HOURLY]))).toEqual({ [DAILY]: 1, [OWNER]: 1 });
    expect(uniquesPerScope(threeScans(DAILY))).toEqual({ [DAILY]: 1, [OWNER]: 1 });
  });

  it("puts each hour's count at the visitor's first scan of that hour, and the account's at the first of the day", () => {
    const keys = visitorKeys([...threeScans(HOURLY)].reverse(), new Set([HOURLY]));
    const at = (iso: string) => Date.parse(iso);
    expect(keys.filter((k) => k.scope === 'code').map((k) => [k.hash, k.at])).toEqual(
      expect.arrayContaining([
        ['visitorA@10', at('2026-11-27T10:05:00Z')],
        ['visitorA@11', at('2026-11-27T11:20:00Z')],
      ]),
    );
    expect(keys.filter((k) => k.scope === 'owner').map((k) => [k.hash, k.at])).toEqual([['visitorA', at('2026-11-27T10:05:00Z')]]);
  });

  it('leaves bots out of a per-hour code too', () => {
    const scans = [scanOf(HOURLY, '2026-11-27T10:05:00Z', 'bot', true), scanOf(HOURLY, '2026-11-27T12:05:00Z', 'bot', true)];
    expect(visitorKeys(scans, new Set([HOURLY]))).toEqual([]);
  });

  it('spells the hour with two digits from midnight UTC', () => {
    const day = Date.parse('2026-11-27T00:00:00Z');
    expect(hourlyVisitorHash('h', day, day)).toBe('h@00');
    expect(hourlyVisitorHash('h', Date.parse('2026-11-27T09:59:59Z'), day)).toBe('h@09');
    expect(hourlyVisitorHash('h', Date.parse('2026-11-27T23:30:00Z'), day)).toBe('h@23');
  });

  it("lets a remembered visitor through again in a new hour, but not again in the same hour (the ingest's memo)", () => {
    const known = new KnownVisitors();
    const hourly = new Set([HOURLY]);
    const first = visitorKeys([scanOf(HOURLY, '2026-11-27T10:05:00Z')], hourly);
    known.remember(known.unknown(first, '0'), '0');
    const sameHour = visitorKeys([scanOf(HOURLY, '2026-11-27T10:40:00Z')], hourly);
    expect(known.unknown(sameHour, '0')).toEqual([]);
    const nextHour = visitorKeys([scanOf(HOURLY, '2026-11-27T11:20:00Z')], hourly);
    expect(known.unknown(nextHour, '0').map((k) => `${k.scope} ${k.hash}`)).toEqual(['code visitorA@11']);
  });
});

describe(HourlyCodes.name, () => {
  it('remembers which codes count per hour, and forgets one switched back to per day', () => {
    const sut = new HourlyCodes();
    expect(sut.among([HOURLY, DAILY])).toEqual(new Set());
    sut.learn([HOURLY, DAILY], new Set([HOURLY]));
    expect(sut.among([HOURLY, DAILY])).toEqual(new Set([HOURLY]));
    sut.learn([HOURLY], new Set());
    expect(sut.among([HOURLY, DAILY])).toEqual(new Set());
  });

  it('tells a batch prepared with an outdated window from one that holds', () => {
    expect(sameCodes(new Set([HOURLY]), new Set([HOURLY]))).toBe(true);
    expect(sameCodes(new Set(), new Set([HOURLY]))).toBe(false);
    expect(sameCodes(new Set([DAILY]), new Set([HOURLY]))).toBe(false);
  });
});
