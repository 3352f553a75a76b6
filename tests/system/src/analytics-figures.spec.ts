import IORedis from 'ioredis';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { encodeScanEntry, SCAN_FIELD, scanStreamKey, ScanStreamEntry } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { rollUpStoredScans } from '../../../apps/qr-service/src/scans/rollup-rebuild';
import { ScanMaintenance } from '../../../apps/qr-service/src/scans/scan-maintenance';
import { DimensionFolder } from '../../../apps/qr-service/src/scans/dimension-folder';
import { sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, storedScans, subscribedCustomer } from './qr-fixtures';

/** What the test itself knows about its inputs: nothing here comes from the code under test. */
const AGENTS = [
  { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', device: 'mobile', os: 'iOS', browser: 'Mobile Safari', bot: false },
  { ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', device: 'mobile', os: 'Android', browser: 'Mobile Chrome', bot: false },
  { ua: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', device: 'tablet', os: 'iOS', browser: 'Mobile Safari', bot: false },
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', device: 'desktop', os: 'Windows', browser: 'Chrome', bot: false },
  { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', device: 'desktop', os: '', browser: '', bot: true },
];
const PLACES = [
  { ip: '81.2.69.142', country: 'GB' },
  { ip: '8.8.8.8', country: 'US' },
  { ip: '2a00:1450:4001:82b::200e', country: 'DE' },
  { ip: '203.0.113.7', country: '' },
];
const REFERRERS = [
  { header: '', host: '' },
  { header: 'https://www.instagram.com/p/abc?utm=1', host: 'www.instagram.com' },
  { header: 'https://t.co/xyz', host: 't.co' },
];
const TZ = 'America/New_York';
const DAY = 24 * 3600 * 1000;

/** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Generated {
  entry: ScanStreamEntry;
  agent: (typeof AGENTS)[number];
  place: (typeof PLACES)[number];
  referrer: (typeof REFERRERS)[number];
}

const localDay = (ts: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);
const localHour = (ts: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' }).format(ts).padStart(2, '0');
const countBy = <T,>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const asMap = (items: { key: string; scans: number }[]) => new Map(items.map((i) => [i.key, i.scans]));

/** The visitor hash is salted per UTC day: one visitor is one address and browser on one UTC day. */
const visitorDay = (s: Generated) => `${new Date(s.entry.ts).toISOString().slice(0, 10)}|${s.place.ip}|${s.agent.ua}`;

/** Unique scanners counted at each visitor's first scan of the (UTC) day, within a scope. */
function firstsOfDay(scans: Generated[], scopeOf: (s: Generated) => string): Generated[] {
  const first = new Map<string, Generated>();
  for (const s of scans) {
    const key = `${scopeOf(s)}|${visitorDay(s)}`;
    const known = first.get(key);
    if (!known || s.entry.ts < known.entry.ts) first.set(key, s);
  }
  return [...first.values()];
}

const dayIn = (tz: string, ts: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);
const hourIn = (tz: string, ts: number) =>
  `${dayIn(tz, ts)}T${new Intl.DateTimeFormat('en-CA', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(ts).padStart(2, '0')}:00`;

describe('analytics equal the figures computed independently from a generated data set', () => {
  let system: TestSystem;
  let alice: Customer;
  let scans: Generated[];
  let codeA: { id: string; slug: string };
  const now = Date.now();
  // Around the end of daylight saving time in New York (1 November 2026), whenever the test runs.
  const DST_END = Date.parse('2026-11-01T06:00:00Z');

  beforeAll(async () => {
    system = await TestSystem.start();
    alice = await subscribedCustomer(system);
    codeA = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const codeB = await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' }, { buySeat: true });

    const rand = random(20250101);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
    scans = Array.from({ length: 700 }, (_, n) => {
      const code = rand() < 0.75 ? codeA : codeB;
      const agent = pick(AGENTS);
      const place = pick(PLACES);
      const referrer = pick(REFERRERS);
      const method = rand() < 0.05 ? 'HEAD' : 'GET';
      // Most in the last 20 days; the rest within two and a half days of the DST change.
      const ts = n < 400 ? Math.floor(now - rand() * 20 * DAY) : Math.floor(DST_END + (rand() - 0.5) * 5 * DAY);
      const entry: ScanStreamEntry = {
        id: randomUUID(),
        codeId: code.id,
        slug: code.slug,
        ts,
        ip: place.ip,
        userAgent: agent.ua,
        referer: referrer.header,
        acceptLanguage: 'en-US,en;q=0.9',
        country: '',
        method,
        purpose: '',
      };
      return { entry, agent, place, referrer };
    });
    // Appended exactly as the redirect-service does, in no particular order of time (a visitor's
    // first scan of a day may arrive after their later ones).
    const redis = new IORedis(system.config.redisUrl);
    const pipeline = redis.pipeline();
    for (const { entry } of scans) pipeline.xadd(scanStreamKey(system.config.redisPrefix), '*', SCAN_FIELD, encodeScanEntry(entry));
    await pipeline.exec();
    redis.disconnect();
    await waitFor(async () => {
      const stored = (await storedScans(system, codeA.id)).length + (await storedScans(system, codeB.id)).length;
      expect(stored).toBe(scans.length);
    }, 30_000);
  });
  afterAll(() => system.stop());

  const isHuman = (s: Generated) => !s.agent.bot && s.entry.method === 'GET';

  /** Everything the code's analytics must say for local days [from, to] in `tz`, from the raw data set. */
  function expectedForCode(codeId: string, from: string, to: string, tz: string, unit: 'day' | 'hour') {
    const mine = scans.filter((s) => s.entry.codeId === codeId);
    const inRange = (s: Generated) => dayIn(tz, s.entry.ts) >= from && dayIn(tz, s.entry.ts) <= to;
    const humans = mine.filter((s) => inRange(s) && isHuman(s));
    const firsts = firstsOfDay(mine.filter(isHuman), () => codeId).filter(inRange);
    const bucketOf = (s: Generated) => (unit === 'day' ? dayIn(tz, s.entry.ts) : hourIn(tz, s.entry.ts));
    return {
      scans: humans.length,
      botScans: mine.filter(inRange).length - humans.length,
      uniqueScans: firsts.length,
      perBucket: countBy(humans, bucketOf),
      uniquesPerBucket: countBy(firsts, bucketOf),
      countries: countBy(humans, (s) => s.place.country),
      devices: countBy(humans, (s) => s.agent.device),
      os: countBy(humans, (s) => s.agent.os),
      browsers: countBy(humans, (s) => s.agent.browser),
      referrers: countBy(humans, (s) => s.referrer.host),
    };
  }

  const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu'];
  const RANGES: [string, string][] = [
    ['2026-10-30', '2026-11-02'],
    ['2026-11-01', '2026-11-01'],
  ];

  it.each(ZONES.flatMap((tz) => RANGES.map(([from, to]) => [tz, from, to] as const)))(
    "matches one code's totals, uniques, bots, series and breakdowns in %s from %s to %s",
    async (tz, from, to) => {
      const unit = from === to ? 'hour' : 'day';
      const expected = expectedForCode(codeA.id, from, to, tz, unit);

      const res = await alice.client.get(`/api/qrcodes/${codeA.id}/analytics?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`);

      expect(res.status).toBe(200);
      const sut = res.json;
      expect(sut).toMatchObject({ from, to, tz, granularity: unit });
      expect({ scans: sut.scans, botScans: sut.botScans, uniqueScans: sut.uniqueScans }).toEqual({
        scans: expected.scans,
        botScans: expected.botScans,
        uniqueScans: expected.uniqueScans,
      });
      for (const point of sut.series) {
        expect([point.bucket, point.scans, point.uniqueScans]).toEqual([
          point.bucket,
          expected.perBucket.get(point.bucket) ?? 0,
          expected.uniquesPerBucket.get(point.bucket) ?? 0,
        ]);
      }
      expect(sut.series.reduce((sum: number, p: { scans: number }) => sum + p.scans, 0)).toBe(expected.scans);
      expect(asMap(sut.countries)).toEqual(expected.countries);
      expect(asMap(sut.devices)).toEqual(expected.devices);
      expect(asMap(sut.os)).toEqual(expected.os);
      expect(asMap(sut.browsers)).toEqual(expected.browsers);
      expect(asMap(sut.referrers)).toEqual(expected.referrers);
    },
  );

  it("matches the code's all-time figures", async () => {
    const mine = scans.filter((s) => s.entry.codeId === codeA.id);
    const sut = (await alice.client.get(`/api/qrcodes/${codeA.id}/analytics`)).json;
    expect(sut.allTime.scans).toBe(mine.filter(isHuman).length);
    expect(sut.allTime.botScans).toBe(mine.length - mine.filter(isHuman).length);
    expect(sut.allTime.lastScanAt).toBe(new Date(Math.max(...mine.filter(isHuman).map((s) => s.entry.ts))).toISOString());
  });

  it.each(ZONES)('matches the account figures of the last 30 days in %s, uniques across codes included', async (tz) => {
    const today = dayIn(tz, now);
    const first = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
    const recent = (s: Generated) => dayIn(tz, s.entry.ts) >= first && dayIn(tz, s.entry.ts) <= today;
    const humans = scans.filter((s) => isHuman(s) && recent(s));
    // An account's unique scanner is counted once a day across all its codes.
    const firsts = firstsOfDay(scans.filter(isHuman), () => 'account').filter(recent);

    const sut = (await alice.client.get(`/api/analytics?tz=${encodeURIComponent(tz)}`)).json;

    expect(sut.series[0].bucket).toBe(first);
    expect(sut.series).toHaveLength(30);
    expect({ lastMonth: sut.lastMonth, uniqueScans30Days: sut.uniqueScans30Days }).toEqual({
      lastMonth: humans.length,
      uniqueScans30Days: firsts.length,
    });
    const perDay = countBy(humans, (s) => dayIn(tz, s.entry.ts));
    for (const point of sut.series) expect([point.bucket, point.scans]).toEqual([point.bucket, perDay.get(point.bucket) ?? 0]);
    expect(asMap(sut.countries)).toEqual(countBy(humans, (s) => s.place.country));
    expect(asMap(sut.browsers)).toEqual(countBy(humans, (s) => s.agent.browser));
  });

  it('shows a single day by the hour', async () => {
    const day = localDay(now - 3 * DAY);
    const humans = scans.filter((s) => s.entry.codeId === codeA.id && isHuman(s) && localDay(s.entry.ts) === day);

    const sut = (await alice.client.get(`/api/qrcodes/${codeA.id}/analytics?from=${day}&to=${day}&tz=${encodeURIComponent(TZ)}`)).json;

    expect(sut.granularity).toBe('hour');
    expect(sut.series[0].bucket).toBe(`${day}T00:00`);
    const perHour = countBy(humans, (s) => `${day}T${localHour(s.entry.ts)}:00`);
    for (const point of sut.series) expect([point.bucket, point.scans]).toEqual([point.bucket, perHour.get(point.bucket) ?? 0]);
    expect(sut.scans).toBe(humans.length);
  });

  it('matches the account summary: all-time total, last 30 days, codes and last scan', async () => {
    const humans = scans.filter(isHuman);
    const today = localDay(now);
    const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
    const recent = humans.filter((s) => localDay(s.entry.ts) >= firstDay);

    const sut = (await alice.client.get(`/api/analytics?tz=${encodeURIComponent(TZ)}`)).json;

    expect(sut).toMatchObject({
      totalScans: humans.length,
      lastMonth: recent.length,
      qrCodes: 2,
      activeCodes: 2,
      botScans: scans.length - humans.length,
      lastScan: new Date(Math.max(...humans.map((s) => s.entry.ts))).toISOString(),
    });
    const perDay = countBy(humans, (s) => localDay(s.entry.ts));
    expect(sut.series).toHaveLength(30);
    for (const point of sut.series) expect([point.bucket, point.scans]).toEqual([point.bucket, perDay.get(point.bucket) ?? 0]);
    const thisMonth = localDay(now).slice(0, 7);
    expect(sut.thisMonth).toBe(humans.filter((s) => localDay(s.entry.ts).startsWith(thisMonth)).length);
    expect(sut.topCodes[0]).toEqual({ codeId: codeA.id, name: 'Menu', scans: humans.filter((s) => s.entry.codeId === codeA.id).length });
    // Newest first: the two codes were created just now, after every generated scan.
    expect(sut.recentActivity.slice(0, 3).map((a: { action: string; codeName: string }) => [a.action, a.codeName])).toEqual([
      ['create', 'Poster'],
      ['create', 'Menu'],
      ['scan', expect.any(String)],
    ]);
    expect(sut.recentActivity[2].at).toBe(new Date(Math.max(...humans.map((s) => s.entry.ts))).toISOString());
  });

  it('exports the raw scans of a code as CSV, newest first', async () => {
    const mine = scans.filter((s) => s.entry.codeId === codeA.id).sort((a, b) => b.entry.ts - a.entry.ts);

    const res = await alice.client.get(`/api/qrcodes/${codeA.id}/scans.csv`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="scans-${codeA.id}.csv"`);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('scanned_at,is_bot,bot_reason,method,device,os,browser,country,region,city,referrer,language,visitor,source');
    expect(lines).toHaveLength(mine.length + 1);
    expect(lines[1].split(',')[0]).toBe(new Date(mine[0].entry.ts).toISOString());
    expect(lines.slice(1).filter((line) => line.split(',')[1] === 'true')).toHaveLength(mine.filter((s) => !isHuman(s)).length);
  });

  it('refuses an unknown time zone and impossible dates', async () => {
    const badZone = await alice.client.get(`/api/qrcodes/${codeA.id}/analytics?tz=Mars/Olympus`);
    const badDate = await alice.client.get(`/api/qrcodes/${codeA.id}/analytics?from=2025-02-30`);

    expect([badZone.status, badZone.json.message]).toEqual([400, 'Unknown time zone']);
    expect([badDate.status, badDate.json.message]).toEqual([400, 'Dates must be real days like 2025-01-31']);
  });
  it('rebuilds from the stored scans exactly the rollups the ingestor kept, scan by scan', async () => {
    const snapshot = async () => ({
      buckets: await sql(
        system,
        `SELECT scope_id, bucket, scans, bot_scans, uniques, owner_uniques FROM qr.rollup_buckets
         WHERE scans <> 0 OR bot_scans <> 0 OR uniques <> 0 OR owner_uniques <> 0 ORDER BY 1, 2`,
      ),
      hours: await sql(
        system,
        `SELECT scope_id, hour, scans, bot_scans, uniques, owner_uniques FROM qr.rollup_hours
         WHERE scans <> 0 OR bot_scans <> 0 OR uniques <> 0 OR owner_uniques <> 0 ORDER BY 1, 2`,
      ),
      dims: await sql(system, `SELECT scope_id, level, bucket, counts FROM qr.rollup_dims ORDER BY 1, 2, 3`),
    });
    // Dimension counts still waiting as additions are folded into the documents first.
    await system.apps.get('qr')!.get(DimensionFolder).foldAllDimDeltas();
    expect(await sql(system, `SELECT count(*)::int AS n FROM qr.rollup_dim_deltas`)).toEqual([{ n: 0 }]);
    const kept = await snapshot();
    const client = new Client({ connectionString: system.config.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM qr.rollup_buckets; DELETE FROM qr.rollup_hours; DELETE FROM qr.rollup_dims; DELETE FROM qr.rollup_visitors');
      await rollUpStoredScans((text) => client.query(text));
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    expect(kept.dims.length).toBeGreaterThan(20);
    expect(await snapshot()).toEqual(kept);
  });

  it('keeps analytics of a month whose raw scans retention dropped', async () => {
    const before = (await alice.client.get(`/api/qrcodes/${codeA.id}/analytics?from=2026-10-25&to=2026-11-05&tz=Asia%2FKolkata`)).json;
    const dropped = await system.apps.get('qr')!.get(ScanMaintenance).dropRawScansBefore('2026-11');
    expect(dropped).toContain('2026-10');
    const raw = await storedScans(system, codeA.id);
    expect(raw.length).toBeLessThan(scans.filter((s) => s.entry.codeId === codeA.id).length);

    const after = (await alice.client.get(`/api/qrcodes/${codeA.id}/analytics?from=2026-10-25&to=2026-11-05&tz=Asia%2FKolkata`)).json;
    expect(after).toEqual(before);
  });
});
