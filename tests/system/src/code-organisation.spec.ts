import { ORGANISE_MESSAGES, QR_MESSAGES } from '@qrd/contracts';
import { TestHttpClient } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

const VOLUME = 1200;
const TAGS = ['menu', 'summer sale', 'flyer', 'poster'];
const CATEGORIES = [null, 'business', 'real-estate', 'healthcare', 'restaurant', 'other'];

interface Page {
  items: { id: string; name: string; tags: string[]; folderId: string | null; category: string | null }[];
  nextCursor: string | null;
  total: number;
}

async function page(client: TestHttpClient, query: Record<string, string>): Promise<Page> {
  const res = await client.get(`/api/qrcodes?${new URLSearchParams(query)}`);
  if (res.status !== 200) throw new Error(`page ${JSON.stringify(query)} answered ${res.status}: ${res.text}`);
  return res.json as unknown as Page;
}

async function allPages(client: TestHttpClient, query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const current: Page = await page(client, cursor ? { ...query, cursor } : query);
    ids.push(...current.items.map((item) => item.id));
    cursor = current.nextCursor;
    if (ids.length > VOLUME * 2) throw new Error('the pages never end');
  } while (cursor);
  return ids;
}

const ORDER_BY: Record<string, string> = { created: 'c.created_at', updated: 'c.updated_at', name: 'lower(c.name)' };

describe('organising codes: categories, tags and folders, filtered and sorted on the server', () => {
  let system: TestSystem;
  let alice: Customer;
  let bob: Customer;
  let folders: { id: string; name: string }[];

  async function expectedIds(sort: string, order: 'asc' | 'desc', where: string, params: unknown[] = []): Promise<string[]> {
    const rows = await sql<{ id: string }>(
      system,
      `SELECT c.id FROM qr.codes c WHERE c.owner_id = $1 AND c.deleted_at IS NULL AND ${where}
       ORDER BY ${ORDER_BY[sort]} ${order}, c.id ${order}`,
      [alice.user.id, ...params],
    );
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'] });
    alice = await subscribedCustomer(system);
    bob = await subscribedCustomer(system);
    folders = [];
    for (const name of ['Shops', 'Events']) folders.push((await alice.client.post('/api/folders', { name })).json);
    // Codes written as the qr-service writes them: tags, folders and categories repeating, times tied.
    await sql(
      system,
      `INSERT INTO qr.codes (slug, owner_id, name, destination, category, design, tags, folder_id, created_at, updated_at)
       SELECT 'o' || lpad(to_hex(i), 6, '0'), $1, 'Code ' || lpad((i % 300)::text, 4, '0'), 'https://shop.example/' || i,
              (ARRAY[${CATEGORIES.map((c) => (c ? `'${c}'` : 'NULL')).join(', ')}]::text[])[1 + i % ${CATEGORIES.length}], '{}'::jsonb,
              CASE WHEN i % 4 = 0 THEN ARRAY[]::text[] ELSE ARRAY[($2::text[])[1 + i % 4], ($2::text[])[1 + (i / 4) % 4]] END,
              CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN $3::uuid ELSE $4::uuid END,
              '2025-01-01T00:00:00Z'::timestamptz + (i / 3) * interval '1 second',
              '2025-03-01T00:00:00Z'::timestamptz + ((i * 7) % 500) * interval '1 second'
       FROM generate_series(1, ${VOLUME}) AS i`,
      [alice.user.id, TAGS, folders[0].id, folders[1].id],
    );
    await sql(system, 'ANALYZE qr.codes');
  }, 120_000);
  afterAll(() => system.stop());

  it.each([
    ['tag', { tag: 'summer sale' }, `c.tags @> ARRAY['summer sale']`],
    ['tag, case and spaces as typed', { tag: '  Summer   SALE' }, `c.tags @> ARRAY['summer sale']`],
    ['folder', { folder: 'FOLDER0' }, `c.folder_id = $2`],
    ['no folder', { folder: 'none' }, `c.folder_id IS NULL`],
    ['a new category', { category: 'real-estate' }, `c.category = 'real-estate'`],
    ['tag, folder and category together', { tag: 'menu', folder: 'FOLDER0', category: 'business' }, `c.tags @> ARRAY['menu'] AND c.folder_id = $2 AND c.category = 'business'`],
  ] as const)('filters by %s across pages, in every sort', async (_case, filter, where) => {
    const query: Record<string, string> = { ...filter };
    const params: unknown[] = [];
    if (query.folder?.startsWith('FOLDER')) {
      const folder = folders[Number(query.folder.slice(6))];
      query.folder = folder.id;
      params.push(folder.id);
    }
    for (const [sort, order] of [['created', 'desc'], ['name', 'asc'], ['updated', 'desc'], ['updated', 'asc']] as const) {
      const ids = await allPages(alice.client, { ...query, sort, order, limit: '37' });
      const expected = await expectedIds(sort, order, where, params);
      expect(expected.length).toBeGreaterThan(10);
      expect(ids).toEqual(expected);
    }
    const first = await page(alice.client, { ...query, limit: '5' });
    expect(first.total).toBe((await expectedIds('created', 'desc', where, params)).length);
  });

  it('searches tags too', async () => {
    const found = await page(alice.client, { q: 'FLYER', limit: '100' });
    expect(found.total).toBe((await expectedIds('created', 'desc', `c.tags @> ARRAY['flyer']`)).length);
    expect(found.items.every((c) => c.tags.includes('flyer'))).toBe(true);
  });

  it('lists the tags in use, most used first, and the folders with their codes', async () => {
    const tags = (await alice.client.get('/api/tags')).json as { tag: string; codes: number }[];
    expect(tags.map((t) => t.tag).sort()).toEqual([...TAGS].sort());
    const counted = await sql<{ n: number }>(system, `SELECT count(*)::int AS n FROM qr.codes WHERE owner_id = $1 AND 'poster' = ANY(tags)`, [alice.user.id]);
    expect(tags.find((t) => t.tag === 'poster')?.codes).toBe(counted[0].n);
    const listed = (await alice.client.get('/api/folders')).json;
    expect(listed.map((f: { name: string; codes: number }) => [f.name, f.codes])).toEqual([
      ['Events', VOLUME / 3],
      ['Shops', VOLUME / 3],
    ]);
    expect((await bob.client.get('/api/folders')).json).toEqual([]);
    expect((await bob.client.get('/api/tags')).json).toEqual([]);
  });

  it('refuses a bad filter with a message, never a 500', async () => {
    const badTag = await alice.client.get(`/api/qrcodes?tag=${'x'.repeat(40)}`);
    expect(badTag.status).toBe(400);
    const badFolder = await alice.client.get('/api/qrcodes?folder=shops');
    expect(badFolder.status).toBe(400);
    expect(JSON.stringify(badFolder.json)).toContain('The folder must be');
    const badSort = await alice.client.get('/api/qrcodes?sort=colour');
    expect(badSort.status).toBe(400);
    // Another user's folder lists nothing of theirs.
    expect(await page(bob.client, { folder: folders[0].id })).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('creates a code with tags and a folder, and edits its category, tags and folder later (recorded in its history)', async () => {
    const extra = (await bob.client.post('/api/folders', { name: 'Posters' })).json;
    const code = await createCode(bob.client, { name: 'Poster', destinationUrl: 'https://bob.example/', category: 'event', tags: [' Spring ', 'spring', 'Outdoor'], folderId: extra.id });
    expect(code).toMatchObject({ tags: ['spring', 'outdoor'], folderId: extra.id, category: 'event' });

    const edited = await bob.client.patch(`/api/qrcodes/${code.id}`, { category: 'education', tags: ['campus'], folderId: null });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ category: 'education', tags: ['campus'], folderId: null });
    const kinds = (await bob.client.get(`/api/qrcodes/${code.id}/history`)).json.items.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['category', 'tags', 'folder', 'created']));

    const foreignFolder = await bob.client.patch(`/api/qrcodes/${code.id}`, { folderId: folders[0].id });
    expect(foreignFolder.status).toBe(404);
    expect(foreignFolder.json.message).toBe(ORGANISE_MESSAGES.folderNotFound);
    const tooMany = await bob.client.patch(`/api/qrcodes/${code.id}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.json)).toContain(ORGANISE_MESSAGES.tooManyTags);
    const badChars = await bob.client.patch(`/api/qrcodes/${code.id}`, { tags: ['<script>'] });
    expect(badChars.status).toBe(400);
    const badCategory = await bob.client.patch(`/api/qrcodes/${code.id}`, { category: 'food' });
    expect(badCategory.status).toBe(400);
    expect(JSON.stringify(badCategory.json)).toContain(QR_MESSAGES.category);
    expect((await bob.client.get(`/api/qrcodes/${code.id}`)).json).toMatchObject({ category: 'education', tags: ['campus'], folderId: null });
  });

  it('creates, renames and deletes folders; deleting one leaves its codes in no folder', async () => {
    const made = await alice.client.post('/api/folders', { name: 'Temporary' });
    expect(made.status).toBe(201);
    expect((await alice.client.post('/api/folders', { name: ' temporary ' })).json.message).toBe(ORGANISE_MESSAGES.folderNameTaken);
    expect((await alice.client.post('/api/folders', { name: '' })).status).toBe(400);
    expect((await alice.client.patch(`/api/folders/${made.json.id}`, { name: 'Shops' })).status).toBe(400);
    expect((await bob.client.patch(`/api/folders/${made.json.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await bob.client.delete(`/api/folders/${made.json.id}`)).status).toBe(404);
    const renamed = await alice.client.patch(`/api/folders/${made.json.id}`, { name: 'Autumn' });
    expect(renamed.json).toMatchObject({ id: made.json.id, name: 'Autumn', codes: 0 });

    const inEvents = (await page(alice.client, { folder: folders[1].id, limit: '1' })).total;
    const noFolder = (await page(alice.client, { folder: 'none', limit: '1' })).total;
    expect((await alice.client.delete(`/api/folders/${folders[1].id}`)).status).toBe(204);
    expect((await page(alice.client, { folder: 'none', limit: '1' })).total).toBe(noFolder + inEvents);
    expect((await alice.client.get('/api/folders')).json.map((f: { name: string }) => f.name)).toEqual(['Autumn', 'Shops']);
  });
});
