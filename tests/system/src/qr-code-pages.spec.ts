import { performance } from 'node:perf_hooks';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { CODE_PAGE_MESSAGES, encodeCodeCursor, QR_MESSAGES } from '@qrd/contracts';
import { TestHttpClient } from '@qrd/testing';
import { newUser, signIn, sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

const VOLUME = 5000;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CATEGORIES = [null, 'business', 'event', 'product', 'restaurant'];

/** A distinct 7-character slug per test code (the app draws random ones; these cannot collide with each other). */
function slugOf(prefix: string, n: number): string {
  let text = '';
  for (let i = 0; i < 6; i++, n = Math.floor(n / 62)) text = BASE62[n % 62] + text;
  return prefix + text;
}

/**
 * Codes written to PostgreSQL as the qr-service writes them (qr.codes plus the per-code counters in
 * qr.code_stats), nothing in the Redis redirect table: listing needs only the database. Names,
 * creation times, scan counts and last scans repeat on purpose, so the tie-breaker is exercised.
 */
async function insertCodes(system: TestSystem, ownerId: string, count: number, slugPrefix: string): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    slug: slugOf(slugPrefix, i),
    name: i === 42 ? 'Menu 100% off' : i === 43 ? 'under_score' : `${i % 7 === 0 ? 'CODE' : 'Code'} ${String(i % 1000).padStart(4, '0')}`,
    destination: `https://shop${i % 50}.example/p/${i}`,
    category: CATEGORIES[i % 5],
    deactivated: i % 9 === 0,
    suspended: i % 11 === 0,
    // Two codes per second-and-microsecond pair: ties, and neighbours one microsecond apart.
    createdOffsetUs: Math.floor(i / 4) * 1_000_000 + (i % 2),
  }));
  await sql(
    system,
    `INSERT INTO qr.codes (slug, owner_id, name, destination, category, design, deactivated_by_owner, suspended_billing, created_at)
     SELECT r.slug, $1, r.name, r.destination, r.category, '{}'::jsonb, r.deactivated, r.suspended,
            '2025-01-01T00:00:00Z'::timestamptz + r.offset_us * interval '1 microsecond'
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::boolean[], $8::bigint[])
       AS r(slug, name, destination, category, deactivated, suspended, offset_us)`,
    [
      ownerId,
      rows.map((r) => r.slug),
      rows.map((r) => r.name),
      rows.map((r) => r.destination),
      rows.map((r) => r.category),
      rows.map((r) => r.deactivated),
      rows.map((r) => r.suspended),
      rows.map((r) => r.createdOffsetUs),
    ],
  );
  // Counters for two codes in three (the others were never scanned): repeated counts and times.
  await sql(
    system,
    `INSERT INTO qr.code_stats (code_id, owner_id, scans, bot_scans, last_scan_at)
     SELECT c.id, c.owner_id, (n % 17), 0,
            CASE WHEN n % 17 = 0 THEN NULL
                 ELSE '2025-06-01T00:00:00Z'::timestamptz + (n % 100) * interval '1 minute' + (n % 2) * interval '1 microsecond' END
     FROM (SELECT c.*, row_number() OVER (ORDER BY c.slug) AS n FROM qr.codes c WHERE c.owner_id = $1) c
     WHERE n % 3 <> 0`,
    [ownerId],
  );
  await sql(system, 'ANALYZE qr.codes');
  await sql(system, 'ANALYZE qr.code_stats');
}

interface Page {
  items: { id: string; name: string; destinationUrl: string; slug: string; state: string; category: string | null }[];
  nextCursor: string | null;
  total: number;
}

async function page(client: TestHttpClient, query: Record<string, string>): Promise<Page> {
  const res = await client.get(`/api/qrcodes?${new URLSearchParams(query)}`);
  if (res.status !== 200) throw new Error(`page ${JSON.stringify(query)} answered ${res.status}: ${res.text}`);
  return res.json as unknown as Page;
}

/** Follows nextCursor to the end; every id in the order the pages gave them. */
async function allPages(client: TestHttpClient, query: Record<string, string>): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const current: Page = await page(client, cursor ? { ...query, cursor } : query);
    ids.push(...current.items.map((item) => item.id));
    totals.push(current.total);
    cursor = current.nextCursor;
    if (ids.length > VOLUME * 2) throw new Error('the pages never end');
  } while (cursor);
  return { ids, totals };
}

const ORDER_BY: Record<string, string> = {
  created: 'c.created_at',
  name: 'lower(c.name)',
  scans: 'coalesce(s.scans, 0)',
  lastScan: `coalesce(s.last_scan_at, '-infinity'::timestamptz)`,
};

describe('the dashboard list: pages of thousands of codes, sorted, searched and filtered on the server', () => {
  let system: TestSystem;
  let alice: Customer;
  let bob: TestHttpClient;
  let made: { id: string; slug: string; shortUrl: string };

  /** Alice's live codes in the order PostgreSQL gives for a sort (the id breaks ties the same way). */
  async function expectedIds(sort: string, order: 'asc' | 'desc', where = 'TRUE', params: unknown[] = []): Promise<string[]> {
    const rows = await sql<{ id: string }>(
      system,
      `SELECT c.id FROM qr.codes c LEFT JOIN qr.code_stats s ON s.code_id = c.id
       WHERE c.owner_id = $1 AND c.deleted_at IS NULL AND ${where}
       ORDER BY ${ORDER_BY[sort]} ${order}, c.id ${order}`,
      [alice.user.id, ...params],
    );
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'] });
    alice = await subscribedCustomer(system);
    made = await createCode(alice.client, { name: 'Lunch menu', destinationUrl: 'https://bistro.example/menu', category: 'restaurant' });
    await insertCodes(system, alice.user.id, VOLUME, 'a');
    // A deleted code stays in the table (its slug is reserved) but is no longer the owner's.
    await sql(system, `UPDATE qr.codes SET deleted_at = now() WHERE slug = $1`, [slugOf('a', 7)]);
    const bobUser = await newUser(system);
    bob = await signIn(system, bobUser);
    await insertCodes(system, bobUser.id, 20, 'b');
  }, 120_000);
  afterAll(() => system.stop());

  it('answers the first page of 5,000 codes through the gateway (timed)', async () => {
    const timed = async (query: Record<string, string>) => {
      const started = performance.now();
      const answer = await page(alice.client, query);
      return { answer, ms: performance.now() - started };
    };
    const cold = await timed({ limit: '50' });
    const warm: Record<string, number[]> = { created: [], name: [], scans: [], lastScan: [] };
    for (let round = 0; round < 5; round++) {
      for (const sort of Object.keys(warm)) warm[sort].push((await timed({ limit: '50', sort })).ms);
    }

    expect(cold.answer.items).toHaveLength(50);
    expect(cold.answer.total).toBe(VOLUME);
    expect(cold.answer.items[0].name).toBe('Lunch menu');
    // Figures for the report, not a test: the machine is shared.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(1);
    const figures = Object.entries(warm).map(([sort, values]) => `${sort} ${median(values)} ms`).join(', ');
    console.log(`first page of ${VOLUME} codes: ${cold.ms.toFixed(1)} ms (first request); median of 5 by ${figures}`);
  });

  it.each(['created', 'name', 'scans', 'lastScan'].flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'pages sorted by %s %s show every code exactly once, in order',
    async (sort, order) => {
      const { ids, totals } = await allPages(alice.client, { limit: '100', sort, order });

      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(await expectedIds(sort, order));
      expect(new Set(totals)).toEqual(new Set([VOLUME]));
    },
  );

  it('searches names, destinations and short links, ignoring case; % and _ are plain characters', async () => {
    const byName = await page(alice.client, { q: 'code 0049', limit: '100' });
    expect(byName.items.map((c) => c.id)).toEqual(await expectedIds('created', 'desc', `lower(c.name) = 'code 0049'`));
    expect(byName.items.map((c) => c.name)).toEqual(expect.arrayContaining(['CODE 0049', 'Code 0049']));
    expect(byName.total).toBe(5);

    const byDestination = await page(alice.client, { q: 'BISTRO.example' });
    expect(byDestination.items.map((c) => c.id)).toEqual([made.id]);

    const bySlug = await page(alice.client, { q: made.slug });
    expect(bySlug.items.map((c) => c.id)).toEqual([made.id]);

    const percent = await page(alice.client, { q: '100%' });
    expect(percent.items.map((c) => c.name)).toEqual(['Menu 100% off']);
    const underscore = await page(alice.client, { q: 'r_s' });
    expect(underscore.items.map((c) => c.name)).toEqual(['under_score']);

    const nothing = await page(alice.client, { q: 'no such code anywhere' });
    expect(nothing).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('filters by state and category, and pages through a filtered list', async () => {
    const inactive = await allPages(alice.client, { state: 'inactive', sort: 'name', limit: '100' });
    expect(inactive.ids).toEqual(await expectedIds('name', 'asc', `c.state <> 'active'`));
    expect(inactive.totals[0]).toBe(inactive.ids.length);

    const activeEvents = await allPages(alice.client, { state: 'active', category: 'event', sort: 'scans', order: 'asc', limit: '100' });
    expect(activeEvents.ids).toEqual(await expectedIds('scans', 'asc', `c.state = 'active' AND c.category = 'event'`));

    const searched = await page(alice.client, { q: 'shop7.example', category: 'product', limit: '100' });
    expect(searched.items.every((c) => c.category === 'product' && c.destinationUrl.includes('shop7.example'))).toBe(true);
    expect(searched.total).toBe((await expectedIds('created', 'desc', `c.category = 'product' AND c.destination ILIKE '%shop7.example%'`)).length);
  });

  it("never shows another user's codes, and the bare route still lists every code (the seat count)", async () => {
    const bobs = await allPages(bob, { limit: '100' });
    expect(bobs.ids).toHaveLength(20);
    expect(bobs.ids).not.toContain(made.id);

    const list = await alice.client.get('/api/qrcodes');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.json)).toBe(true);
    expect((list.json as unknown as unknown[]).length).toBe(VOLUME);
  });

  it.each([
    ['a cursor that is not one', { cursor: 'not-a-cursor!' }, CODE_PAGE_MESSAGES.cursor],
    ['a forged cursor with an impossible date', { cursor: encodeRaw([1, 'created', 'desc', '2025-02-30T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000']) }, CODE_PAGE_MESSAGES.cursor],
    ['a forged cursor with a NUL in the name', { sort: 'name', cursor: encodeRaw([1, 'name', 'asc', 'a\u0000', '00000000-0000-4000-8000-000000000000']) }, CODE_PAGE_MESSAGES.cursor],
    ['a cursor of another sort', { sort: 'scans', cursor: encodeCodeCursor({ sort: 'name', order: 'asc', key: 'a', id: '00000000-0000-4000-8000-000000000000' }) }, CODE_PAGE_MESSAGES.cursorOrder],
    ['a limit of 0', { limit: '0' }, CODE_PAGE_MESSAGES.limit],
    ['a limit of 1000', { limit: '1000' }, CODE_PAGE_MESSAGES.limit],
    ['a limit that is not a number', { limit: 'ten' }, CODE_PAGE_MESSAGES.limit],
    ['an unknown sort', { sort: 'slug' }, CODE_PAGE_MESSAGES.sort],
    ['an unknown order', { order: 'up' }, CODE_PAGE_MESSAGES.order],
    ['an unknown state', { state: 'deleted' }, CODE_PAGE_MESSAGES.state],
    ['an unknown category', { category: 'food' }, QR_MESSAGES.category],
    ['a very long search', { q: 'x'.repeat(201) }, CODE_PAGE_MESSAGES.search],
    ['a search with a NUL character', { q: 'a\u0000b' }, CODE_PAGE_MESSAGES.search],
    ['an unknown parameter', { page: '2' }, 'Unknown field "page"'],
  ])('%s answers 400 with a message a person understands', async (_case, query, message) => {
    const res = await alice.client.get(`/api/qrcodes?${new URLSearchParams(query)}`);

    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it('a repeated search parameter answers 400, not 500', async () => {
    const res = await alice.client.get('/api/qrcodes?q=a&q=b');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(CODE_PAGE_MESSAGES.search);
  });

  describe('preview images', () => {
    const cookie = () => [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const image = (headers: Record<string, string> = {}, id = made.id) =>
      fetch(`${system.url('gateway')}/api/qrcodes/${id}/preview.png?v=1`, { headers: { cookie: cookie(), ...headers } });

    it('is a cacheable PNG of the short link, revalidated with its ETag (304), with a new ETag when the design changes', async () => {
      const first = await image();
      const png = Buffer.from(await first.arrayBuffer());
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('image/png');
      expect(first.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      const decoded = PNG.sync.read(png);
      expect(jsQR(new Uint8ClampedArray(decoded.data), decoded.width, decoded.height)?.data).toBe(made.shortUrl);
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^".+"$/);

      const again = await image({ 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);

      const design = { foreground: '#1a237e', background: '#ffffff', errorCorrection: 'H', margin: 2, dotStyle: 'rounded' };
      expect((await alice.client.request('PUT', `/api/qrcodes/${made.id}/design`, design)).status).toBe(200);
      const changed = await image({ 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);

      // The spec's JSON preview keeps working.
      const json = await alice.client.get(`/api/qrcodes/${made.id}/preview`);
      expect(json.status).toBe(200);
      expect(json.json.dataUrl).toMatch(/^data:image\/png;base64,/);
    });

    it("is a 404 for someone else's code and for an id that is not one", async () => {
      const bobCookie = [...bob.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
      expect((await image({ cookie: bobCookie })).status).toBe(404);
      expect((await image({}, 'not-a-code')).status).toBe(404);
    });
  });
});

/** A cursor as an attacker could write one: well-formed base64url JSON with values we never issue. */
function encodeRaw(value: unknown[]): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
