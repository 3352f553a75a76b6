import sharp from 'sharp';
import { ACTIVITY_MESSAGES, HISTORY_MESSAGES } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { newUser, PASSWORD, signIn, sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { api, createApiKey } from './public-api-fixtures';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

interface Entry {
  id: string;
  codeId: string;
  codeName: string;
  codeDeleted: boolean;
  kind: string;
  actor: string;
  apiKeyName: string | null;
  at: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

describe('Code history (qr.code_history through the gateway)', () => {
  let system: TestSystem;
  let alice: Customer;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'], env: { PUBLIC_BASE_URL: 'http://qr.example.test:8080' } });
    alice = await subscribedCustomer(system);
  });
  afterAll(() => system.stop());

  const cookie = () => [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');

  async function history(codeId: string): Promise<Entry[]> {
    const res = await alice.client.get(`/api/qrcodes/${codeId}/history?limit=100`);
    expect(res.status).toBe(200);
    return res.json.items;
  }

  it('records every kind of change with who, before and after, newest first; never the password', async () => {
    const sut = alice.client;
    const code = await createCode(sut, { name: 'Menu', destinationUrl: 'https://example.com/menu' });

    expect((await sut.patch(`/api/qrcodes/${code.id}`, { name: 'Lunch menu', destinationUrl: 'https://example.com/lunch' })).status).toBe(200);
    expect((await sut.patch(`/api/qrcodes/${code.id}`, { category: 'restaurant' })).status).toBe(200);
    expect((await sut.patch(`/api/qrcodes/${code.id}`, { campaign: { scanLimit: 50, expiresAt: '2099-01-01T00:00:00.000Z' } })).status).toBe(200);
    expect((await sut.patch(`/api/qrcodes/${code.id}`, { campaign: { scanLimit: 80, expiresAt: '2099-01-01T00:00:00.000Z' } })).status).toBe(200);
    expect((await sut.patch(`/api/qrcodes/${code.id}`, { password: 'open-sesame-42' })).status).toBe(200);
    expect((await sut.patch(`/api/qrcodes/${code.id}`, { password: null })).status).toBe(200);
    const design = { foreground: '#112233', background: '#ffffff', errorCorrection: 'H', margin: 4, dotStyle: 'square' };
    expect((await sut.request('PUT', `/api/qrcodes/${code.id}/design`, design)).status).toBe(200);
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    const uploaded = await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/logo`, {
      method: 'POST',
      body: logo,
      headers: { 'content-type': 'image/png', origin: new URL(system.config.publicBaseUrl).origin, cookie: cookie() },
    });
    expect(uploaded.status).toBeLessThan(300);
    expect((await sut.post(`/api/qrcodes/${code.id}/deactivate`)).status).toBe(200);
    expect((await sut.post(`/api/qrcodes/${code.id}/activate`)).status).toBe(200);
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    expect((await admin.post(`/api/admin/codes/${code.slug}/takedown`, { reason: 'Phishing' })).status).toBe(200);
    expect((await admin.post(`/api/admin/codes/${code.slug}/restore`)).status).toBe(200);

    const entries = await history(code.id);

    const at = entries.map((entry) => Date.parse(entry.at));
    expect([...at].sort((a, b) => b - a)).toEqual(at);
    const summary = entries.map((entry) => [entry.kind, entry.actor, Object.fromEntries(entry.changes.map((c) => [c.field, [c.before, c.after]]))]);
    expect(summary.reverse()).toEqual([
      ['created', 'owner', { slug: [null, code.slug], name: [null, 'Menu'], destination: [null, 'https://example.com/menu'] }],
      // One request changing two things: two entries.
      ['name', 'owner', { name: ['Menu', 'Lunch menu'] }],
      ['destination', 'owner', { destination: ['https://example.com/menu', 'https://example.com/lunch'] }],
      ['category', 'owner', { category: [null, 'restaurant'] }],
      ['campaign', 'owner', { 'campaign.scanLimit': [null, 50], 'campaign.expiresAt': [null, '2099-01-01T00:00:00.000Z'] }],
      ['campaign', 'owner', { 'campaign.scanLimit': [50, 80] }],
      ['password', 'owner', { password: ['none', 'set'] }],
      ['password', 'owner', { password: ['set', 'none'] }],
      ['design', 'owner', { foreground: ['#000000', '#112233'], errorCorrection: ['M', 'H'] }],
      ['logo', 'owner', { logo: ['none', 'set'] }],
      ['state', 'owner', { active: [true, false] }],
      ['state', 'owner', { active: [false, true] }],
      ['takedown', 'admin', { takenDown: [false, true], reason: [null, 'Phishing'] }],
      ['takedown', 'admin', { takenDown: [true, false], reason: ['Phishing', null] }],
    ]);
    expect(JSON.stringify(entries)).not.toContain('open-sesame');
    expect(entries.every((entry) => entry.codeId === code.id && entry.codeName === 'Lunch menu' && !entry.codeDeleted)).toBe(true);

    // Deleted: the code's own history is gone with it (404), the account's activity keeps the deletion.
    expect((await sut.delete(`/api/qrcodes/${code.id}`)).status).toBe(204);
    expect((await sut.get(`/api/qrcodes/${code.id}/history`)).status).toBe(404);
    const activity = await sut.get(`/api/activity?codeId=${code.id}&kind=deleted`);
    expect(activity.status).toBe(200);
    expect(activity.json.items).toEqual([expect.objectContaining({ kind: 'deleted', actor: 'owner', codeId: code.id, codeDeleted: true, changes: [] })]);
  });

  it('names the API key of a change made through the public API', async () => {
    const code = await createCode(alice.client, { name: 'Keyed', destinationUrl: 'https://example.com/keyed' }, { buySeat: true });
    const { key } = await createApiKey(alice.client, { name: 'CRM sync', scope: 'write' });

    const patched = await api({ baseUrl: system.url('gateway') }, key, 'PATCH', `/api/v1/codes/${code.id}`, { destinationUrl: 'https://example.com/keyed/2', state: 'inactive' });
    expect(patched.status).toBe(200);

    const entries = await history(code.id);
    expect(entries.map((entry) => [entry.kind, entry.actor, entry.apiKeyName])).toEqual([
      ['state', 'owner', 'CRM sync'],
      ['destination', 'owner', 'CRM sync'],
      ['created', 'owner', null],
    ]);
  });

  it('records nothing for a change that changes nothing, and nothing for a refused change', async () => {
    const sut = alice.client;
    const code = await createCode(sut, { name: 'Same', destinationUrl: 'https://example.com/same' }, { buySeat: true });

    expect((await sut.patch(`/api/qrcodes/${code.id}`, { name: 'Same' })).status).toBe(200);
    expect((await sut.patch(`/api/qrcodes/${code.id}`, { destinationUrl: 'javascript:alert(1)' })).status).toBe(400);

    expect((await history(code.id)).map((entry) => entry.kind)).toEqual(['created']);
  });

  it('shows another user 404 for the history and none of it in their activity', async () => {
    const code = await createCode(alice.client, { name: 'Private', destinationUrl: 'https://example.com/private' }, { buySeat: true });
    const bob = await signIn(system, await newUser(system));

    expect((await bob.get(`/api/qrcodes/${code.id}/history`)).status).toBe(404);
    const theirs = await bob.get(`/api/activity?codeId=${code.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.json).toEqual({ items: [], nextCursor: null });
    expect((await bob.get('/api/activity')).json.items).toEqual([]);
  });

  it('pages through the activity with a cursor, filtered by code and by kind', async () => {
    const sut = alice.client;
    const code = await createCode(sut, { name: 'Paged', destinationUrl: 'https://example.com/0' }, { buySeat: true });
    for (let i = 1; i <= 7; i++) expect((await sut.patch(`/api/qrcodes/${code.id}`, { destinationUrl: `https://example.com/${i}` })).status).toBe(200);

    const seen: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = `/api/activity?codeId=${code.id}&kind=destination&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await sut.get(query);
      expect(page.status).toBe(200);
      seen.push(...page.json.items);
      cursor = page.json.nextCursor;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen.map((entry) => entry.changes[0].after)).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `https://example.com/${i}`));
    const byCode = await sut.get(`/api/qrcodes/${code.id}/history?limit=5`);
    expect(byCode.json.items).toHaveLength(5);
    const rest = await sut.get(`/api/qrcodes/${code.id}/history?limit=5&cursor=${byCode.json.nextCursor}`);
    expect(rest.json.items.map((entry: Entry) => entry.kind)).toEqual(['destination', 'destination', 'created']);
    expect(rest.json.nextCursor).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=abc', 'cursor'],
    ['cursor=1&cursor=2', 'cursor'],
    ['kind=scan', 'kind'],
    ['codeId=not-a-code', 'codeId'],
  ] as const)('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await alice.client.get(`/api/activity?${query}`);

    // Recent Activity also takes kind=scans (its message says so).
    const message = field === 'kind' ? ACTIVITY_MESSAGES.kind : HISTORY_MESSAGES[field];
    expect(res.status).toBe(400);
    expect(res.json.fields[field]).toBe(message);
    expect(res.json.message).toBe(message);
  });

  it('erases the history rows of a deleted account with its codes', async () => {
    const carol = await subscribedCustomer(system);
    const code = await createCode(carol.client, { name: 'Gone', destinationUrl: 'https://example.com/gone' });
    expect((await carol.client.patch(`/api/qrcodes/${code.id}`, { name: 'Going' })).status).toBe(200);
    expect(await sql(system, 'SELECT 1 FROM qr.code_history WHERE owner_id = $1', [carol.user.id])).toHaveLength(2);

    expect((await carol.client.request('DELETE', '/api/account', { currentPassword: PASSWORD })).status).toBeLessThan(300);

    await waitFor(async () => {
      const rows = await sql(system, 'SELECT 1 FROM qr.code_history WHERE code_id = $1', [code.id]);
      if (rows.length) throw new Error(`${rows.length} history rows left`);
    });
  });
});
