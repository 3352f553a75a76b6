import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { encodeScanEntry, SCAN_FIELD, scanStreamKey, ScanStreamEntry } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { TestSystem } from './harness';
import { createCode, Customer, storedScans, subscribedCustomer } from './qr-fixtures';

/** Inputs the test knows by itself: the figures below are computed from these, never by the code under test. */
const HUMAN_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PLACES = [
  { ip: '81.2.69.142', country: 'GB' },
  { ip: '8.8.8.8', country: 'US' },
  { ip: '2a00:1450:4001:82b::200e', country: 'DE' },
  { ip: '203.0.113.7', country: '' },
];
const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Seeded {
  codeId: string;
  ts: number;
  ip: string;
  country: string;
  bot: boolean;
}

const dayIn = (tz: string, ts: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
function weekHourIn(tz: string, ts: number): [number, number] {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, weekday: 'short', hour: '2-digit', hourCycle: 'h23' }).formatToParts(ts);
  const weekday = parts.find((p) => p.type === 'weekday')!.value;
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  return [WEEKDAYS.indexOf(weekday), hour];
}
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The product's definition: percent with one decimal, 'new' from nothing. */
const change = (now: number, before: number) => (before === 0 ? (now === 0 ? 0 : 'new') : Math.round(((now - before) / before) * 1000) / 10);

/** Unique scanners: one per visitor (address and browser) per UTC day, counted where their first scan of that day is. */
function firsts(scans: Seeded[]): Seeded[] {
  const first = new Map<string, Seeded>();
  for (const s of scans) {
    const key = `${new Date(s.ts).toISOString().slice(0, 10)}|${s.ip}`;
    const known = first.get(key);
    if (!known || s.ts < known.ts) first.set(key, s);
  }
  return [...first.values()];
}

describe('analytics: previous-period comparison, hour-of-week heatmap, countries and the per-code table', () => {
  let system: TestSystem;
  let alice: Customer;
  let menu: { id: string; slug: string };
  let poster: { id: string; slug: string };
  let flyer: { id: string; slug: string };
  let quiet: { id: string; slug: string };
  const seeded: Seeded[] = [];
  const now = Date.now();

  beforeAll(async () => {
    system = await TestSystem.start();
    alice = await subscribedCustomer(system);
    menu = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    poster = await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' }, { buySeat: true });
    flyer = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    quiet = await createCode(alice.client, { name: 'Quiet', destinationUrl: 'https://example.com/quiet' }, { buySeat: true });

    const rand = random(1406);
    const add = (codeId: string, ts: number, bot = false) => {
      const place = PLACES[Math.floor(rand() * PLACES.length)];
      seeded.push({ codeId, ts, ip: place.ip, country: place.country, bot });
    };
    // Menu and Poster: scans over the last 28 days, at any minute (many in hours half an hour off UTC's).
    for (let n = 0; n < 260; n++) add(rand() < 0.6 ? menu.id : poster.id, Math.floor(now - 60_000 - rand() * 28 * DAY), rand() < 0.05);
    // Pairs 20 minutes before and after the middle of a UTC hour: the same UTC hour, different hours in Kolkata.
    const hourStart = Math.floor(now / HOUR) * HOUR;
    for (let k = 1; k <= 6; k++) {
      add(menu.id, hourStart - k * 27 * HOUR + 20 * 60_000);
      add(menu.id, hourStart - k * 27 * HOUR + 40 * 60_000);
    }
    // Flyer: only in the last 2 days (nothing before: "new").
    for (let n = 0; n < 9; n++) add(flyer.id, Math.floor(now - 60_000 - rand() * 2 * DAY));

    const redis = new IORedis(system.config.redisUrl);
    const pipeline = redis.pipeline();
    const slugOf = new Map([menu, poster, flyer].map((c) => [c.id, c.slug]));
    for (const s of seeded) {
      const entry: ScanStreamEntry = {
        id: randomUUID(),
        codeId: s.codeId,
        slug: slugOf.get(s.codeId)!,
        ts: s.ts,
        ip: s.ip,
        userAgent: s.bot ? BOT_UA : HUMAN_UA,
        referer: '',
        acceptLanguage: 'en',
        country: '',
        method: 'GET',
        purpose: '',
      };
      pipeline.xadd(scanStreamKey(system.config.redisPrefix), '*', SCAN_FIELD, encodeScanEntry(entry));
    }
    await pipeline.exec();
    redis.disconnect();
    await waitFor(async () => {
      let stored = 0;
      for (const code of [menu, poster, flyer]) stored += (await storedScans(system, code.id)).length;
      expect(stored).toBe(seeded.length);
    }, 30_000);
  });
  afterAll(() => system.stop());

  function expected(tz: string, from: string, to: string, codeId?: string) {
    const mine = seeded.filter((s) => !codeId || s.codeId === codeId);
    const inRange = (s: Seeded) => dayIn(tz, s.ts) >= from && dayIn(tz, s.ts) <= to;
    const humans = mine.filter((s) => !s.bot);
    // A code's uniques are per code; the account's across its codes.
    const uniques = codeId ? firsts(humans) : firsts(humans.map((s) => ({ ...s, codeId: '' })));
    return {
      scans: humans.filter(inRange).length,
      botScans: mine.filter((s) => s.bot && inRange(s)).length,
      uniqueScans: uniques.filter(inRange).length,
      humans: humans.filter(inRange),
    };
  }

  it.each(['Asia/Kolkata', 'America/New_York', 'UTC'])('puts every scan in its local hour of the week in %s', async (tz) => {
    const to = dayIn(tz, now);
    const from = shift(to, -29);
    const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const s of expected(tz, from, to).humans) {
      const [day, hour] = weekHourIn(tz, s.ts);
      grid[day][hour] += 1;
    }

    const account = await alice.client.get(`/api/analytics/patterns?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`);
    expect(account.status).toBe(200);
    expect(account.json).toMatchObject({ codeId: null, from, to, tz });
    expect(account.json.heatmap).toEqual(grid);

    const menuGrid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const s of expected(tz, from, to, menu.id).humans) {
      const [day, hour] = weekHourIn(tz, s.ts);
      menuGrid[day][hour] += 1;
    }
    const code = await alice.client.get(`/api/qrcodes/${menu.id}/analytics/patterns?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`);
    expect(code.json.heatmap).toEqual(menuGrid);
  });

  it('tells apart the two halves of a UTC hour in Kolkata', async () => {
    const tz = 'Asia/Kolkata';
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const early = hourStart - 27 * HOUR + 20 * 60_000;
    const late = early + 20 * 60_000;
    const [d1, h1] = weekHourIn(tz, early);
    const [d2, h2] = weekHourIn(tz, late);
    expect([d1, h1]).not.toEqual([d2, h2]);
    const to = dayIn(tz, now);
    const res = await alice.client.get(`/api/qrcodes/${menu.id}/analytics/patterns?from=${shift(to, -6)}&to=${to}&tz=${encodeURIComponent(tz)}`);
    const cell = (d: number, h: number) =>
      expected(tz, shift(to, -6), to, menu.id).humans.filter((s) => {
        const [sd, sh] = weekHourIn(tz, s.ts);
        return sd === d && sh === h;
      }).length;
    expect(res.json.heatmap[d1][h1]).toBe(cell(d1, h1));
    expect(res.json.heatmap[d2][h2]).toBe(cell(d2, h2));
    expect(res.json.heatmap[d1][h1]).toBeGreaterThan(0);
  });

  it('lists every country with its scans for the map', async () => {
    const tz = 'UTC';
    const to = dayIn(tz, now);
    const from = shift(to, -29);
    const counts = new Map<string, number>();
    for (const s of expected(tz, from, to).humans) counts.set(s.country, (counts.get(s.country) ?? 0) + 1);

    const res = await alice.client.get(`/api/analytics/patterns?from=${from}&to=${to}`);

    expect(new Map(res.json.countries.map((c: { key: string; scans: number }) => [c.key, c.scans]))).toEqual(counts);
    const scansInOrder = res.json.countries.map((c: { scans: number }) => c.scans);
    expect(scansInOrder).toEqual([...scansInOrder].sort((a, b) => b - a));
  });

  it.each(['Asia/Kolkata', 'America/New_York'])("compares one code's range with the period before it in %s", async (tz) => {
    const to = dayIn(tz, now - 2 * DAY);
    const from = shift(to, -9);
    const previousFrom = shift(from, -10);
    const previousTo = shift(from, -1);
    const current = expected(tz, from, to, menu.id);
    const before = expected(tz, previousFrom, previousTo, menu.id);

    const res = await alice.client.get(`/api/qrcodes/${menu.id}/analytics?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}&compare=previous`);

    expect(res.status).toBe(200);
    expect({ scans: res.json.scans, uniqueScans: res.json.uniqueScans, botScans: res.json.botScans }).toEqual({
      scans: current.scans,
      uniqueScans: current.uniqueScans,
      botScans: current.botScans,
    });
    expect(res.json.previous).toEqual({
      from: previousFrom,
      to: previousTo,
      scans: before.scans,
      uniqueScans: before.uniqueScans,
      botScans: before.botScans,
      change: { scans: change(current.scans, before.scans), uniqueScans: change(current.uniqueScans, before.uniqueScans) },
    });
    expect(before.scans).toBeGreaterThan(0);
  });

  it('says "new" when the period before had no scans, and leaves the comparison out unless asked', async () => {
    const to = dayIn('UTC', now);
    const from = shift(to, -2);
    const res = await alice.client.get(`/api/qrcodes/${flyer.id}/analytics?from=${from}&to=${to}&compare=previous`);
    expect(res.json.scans).toBe(expected('UTC', from, to, flyer.id).scans);
    expect(res.json.previous).toMatchObject({ scans: 0, change: { scans: 'new', uniqueScans: 'new' } });

    const plain = await alice.client.get(`/api/qrcodes/${flyer.id}/analytics?from=${from}&to=${to}`);
    expect(plain.json.previous).toBeUndefined();
  });

  it("compares the account's custom range with the one before, series and totals included", async () => {
    const tz = 'Asia/Kolkata';
    const to = dayIn(tz, now);
    const from = shift(to, -6);
    const current = expected(tz, from, to);
    const before = expected(tz, shift(from, -7), shift(from, -1));

    const res = await alice.client.get(`/api/analytics?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}&compare=previous`);

    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ from, to, granularity: 'day', scans: current.scans, uniqueScans: current.uniqueScans });
    expect(res.json.series).toHaveLength(7);
    expect(res.json.series.reduce((sum: number, p: { scans: number }) => sum + p.scans, 0)).toBe(current.scans);
    expect(res.json.previous).toMatchObject({
      from: shift(from, -7),
      to: shift(from, -1),
      scans: before.scans,
      uniqueScans: before.uniqueScans,
      change: { scans: change(current.scans, before.scans), uniqueScans: change(current.uniqueScans, before.uniqueScans) },
    });
  });

  it('lists the codes with scans next to the period before, sorted and paged on the server', async () => {
    const tz = 'America/New_York';
    const to = dayIn(tz, now);
    const from = shift(to, -6);
    const rows = [menu, poster, flyer].map((code) => {
      const current = expected(tz, from, to, code.id);
      const before = expected(tz, shift(from, -7), shift(from, -1), code.id);
      return {
        codeId: code.id,
        slug: code.slug,
        scans: current.scans,
        uniqueScans: current.uniqueScans,
        previousScans: before.scans,
        previousUniqueScans: before.uniqueScans,
        change: change(current.scans, before.scans),
      };
    });
    const byScans = [...rows].sort((a, b) => b.scans - a.scans);
    const query = `from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`;

    const first = await alice.client.get(`/api/analytics/codes?${query}&sort=scans&order=desc&pageSize=2`);
    const second = await alice.client.get(`/api/analytics/codes?${query}&sort=scans&order=desc&pageSize=2&page=2`);

    expect(first.status).toBe(200);
    // The code without any scan is not listed.
    expect(first.json).toMatchObject({ total: 3, page: 1, pageSize: 2, previousFrom: shift(from, -7), previousTo: shift(from, -1) });
    expect(first.json.items.map((r: { codeId: string }) => r.codeId)).not.toContain(quiet.id);
    expect([...first.json.items, ...second.json.items]).toEqual(byScans.map((row) => expect.objectContaining(row)));
    expect(second.json.items).toHaveLength(1);

    const byName = await alice.client.get(`/api/analytics/codes?${query}&sort=name&order=asc`);
    expect(byName.json.items.map((r: { name: string }) => r.name)).toEqual(['Flyer', 'Menu', 'Poster']);
    const byChange = await alice.client.get(`/api/analytics/codes?${query}&sort=change&order=desc`);
    expect(byChange.json.items[0]).toMatchObject({ name: 'Flyer', change: 'new' });
  });

  it('refuses bad ranges and options with a clear 400', async () => {
    const cases: [string, string][] = [
      [`/api/analytics?from=2026-05-10&to=2026-05-01`, 'The start date must not be after the end date'],
      [`/api/analytics?from=2024-01-01&to=2026-01-01`, 'Choose a range of at most 366 days'],
      [`/api/analytics?compare=last-year`, 'compare must be "previous"'],
      [`/api/analytics/patterns?tz=Mars/Olympus`, 'Unknown time zone'],
      [`/api/analytics/codes?sort=colour`, 'Sort by scans, uniqueScans, change or name'],
      [`/api/analytics/codes?pageSize=500`, 'The page size must be a whole number from 1 to 100'],
      [`/api/qrcodes/${menu.id}/analytics/patterns?from=2026-02-30`, 'Dates must be real days like 2025-01-31'],
    ];
    for (const [url, message] of cases) {
      const res = await alice.client.get(url);
      expect([url, res.status, res.json.message]).toEqual([url, 400, message]);
    }
  });
});
