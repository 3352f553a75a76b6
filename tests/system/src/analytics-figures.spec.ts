import IORedis from 'ioredis';
import { encodeScanEntry, SCAN_FIELD, scanStreamKey, ScanStreamEntry } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
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

describe('analytics equal the figures computed independently from a generated data set', () => {
  let system: TestSystem;
  let alice: Customer;
  let scans: Generated[];
  let codeA: { id: string; slug: string };
  const now = Date.now();

  beforeAll(async () => {
    system = await TestSystem.start();
    alice = await subscribedCustomer(system);
    codeA = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const codeB = await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' }, { buySeat: true });

    const rand = random(20250101);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
    scans = Array.from({ length: 400 }, () => {
      const code = rand() < 0.75 ? codeA : codeB;
      const agent = pick(AGENTS);
      const place = pick(PLACES);
      const referrer = pick(REFERRERS);
      const method = rand() < 0.05 ? 'HEAD' : 'GET';
      const entry: ScanStreamEntry = {
        codeId: code.id,
        slug: code.slug,
        ts: Math.floor(now - rand() * 20 * DAY),
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
    // Appended exactly as the redirect-service does.
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

  it("matches one code's totals, unique scanners, series and breakdowns over a range in the viewer's time zone", async () => {
    const to = localDay(now);
    const from = localDay(now - 14 * DAY);
    const mine = scans.filter((s) => s.entry.codeId === codeA.id);
    const inRange = mine.filter((s) => localDay(s.entry.ts) >= from && localDay(s.entry.ts) <= to);
    const humans = inRange.filter(isHuman);
    // The visitor hash is salted per UTC day: one visitor is one address and browser on one day.
    const unique = new Set(humans.map((s) => `${new Date(s.entry.ts).toISOString().slice(0, 10)}|${s.place.ip}|${s.agent.ua}`));

    const res = await alice.client.get(`/api/qrcodes/${codeA.id}/analytics?from=${from}&to=${to}&tz=${encodeURIComponent(TZ)}`);

    expect(res.status).toBe(200);
    const sut = res.json;
    expect(sut).toMatchObject({ from, to, tz: TZ, granularity: 'day' });
    expect(sut.scans).toBe(humans.length);
    expect(sut.botScans).toBe(inRange.length - humans.length);
    expect(sut.uniqueScans).toBe(unique.size);
    expect(sut.allTime.scans).toBe(mine.filter(isHuman).length);
    expect(sut.allTime.botScans).toBe(mine.length - mine.filter(isHuman).length);
    expect(sut.allTime.lastScanAt).toBe(new Date(Math.max(...mine.filter(isHuman).map((s) => s.entry.ts))).toISOString());
    const perDay = countBy(humans, (s) => localDay(s.entry.ts));
    expect(sut.series).toHaveLength(15);
    expect(sut.series[0].bucket).toBe(from);
    expect(sut.series[14].bucket).toBe(to);
    for (const point of sut.series) expect([point.bucket, point.scans]).toEqual([point.bucket, perDay.get(point.bucket) ?? 0]);
    expect(asMap(sut.countries)).toEqual(countBy(humans, (s) => s.place.country));
    expect(asMap(sut.devices)).toEqual(countBy(humans, (s) => s.agent.device));
    expect(asMap(sut.os)).toEqual(countBy(humans, (s) => s.agent.os));
    expect(asMap(sut.browsers)).toEqual(countBy(humans, (s) => s.agent.browser));
    expect(asMap(sut.referrers)).toEqual(countBy(humans, (s) => s.referrer.host));
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

    const sut = (await alice.client.get(`/api/analytics?tz=${encodeURIComponent(TZ)}`)).json;

    expect(sut).toMatchObject({
      totalScans: humans.length,
      lastMonth: humans.length,
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
    expect(lines[0]).toBe('scanned_at,is_bot,bot_reason,method,device,os,browser,country,region,city,referrer,language,visitor');
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
});
