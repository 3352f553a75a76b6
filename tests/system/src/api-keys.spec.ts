import { createHash } from 'node:crypto';
import type { TestHttpClient } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { api, createApiKey } from './public-api-fixtures';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

describe('API keys: made in the account, used on /api/v1 only (through nginx)', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let owner: Customer;
  let codeId: string;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { RATE_LIMIT_API_KEY_PER_MINUTE: '5000' } });
    door = await startFrontDoor(system);
    owner = await subscribedCustomer(system);
    codeId = (await createCode(owner.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' })).id;
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  it('shows the key once, stores only its hash, and lists it by prefix with where it was last used', async () => {
    const created = await owner.client.post('/api/api-keys', { name: 'Shop', scope: 'read' });
    expect(created.status).toBe(201);
    const key = created.json.key as string;
    expect(key).toMatch(/^qrd_live_[0-9A-Za-z]{32}$/);
    expect(created.json.prefix).toBe(key.slice(0, 13));

    const rows = await sql<{ key_hash: string; prefix: string }>(system, 'SELECT * FROM auth.api_keys WHERE id = $1', [created.json.id]);
    expect(rows[0].key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(key);

    const before = await owner.client.get('/api/api-keys');
    expect(before.json).toEqual([expect.objectContaining({ id: created.json.id, name: 'Shop', scope: 'read', lastUsedAt: null })]);
    expect(before.text).not.toContain(key);

    expect((await api(door, key, 'GET', `/api/v1/codes/${codeId}`)).status).toBe(200);
    const after = await owner.client.get('/api/api-keys');
    expect(after.json[0].lastUsedAt).not.toBeNull();
    expect(after.json[0].lastUsedIp).toBeTruthy();
  });

  it('refuses a revoked key at once, with a problem document', async () => {
    const { id, key } = await createApiKey(owner.client, { scope: 'read' });
    expect((await api(door, key, 'GET', '/api/v1/codes')).status).toBe(200);
    expect((await owner.client.delete(`/api/api-keys/${id}`)).status).toBe(204);
    const res = await api(door, key, 'GET', '/api/v1/codes');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'This API key was revoked', code: 'UNAUTHENTICATED' });
  });

  it('refuses an expired key, and a day in the past as expiry', async () => {
    const { id, key } = await createApiKey(owner.client, { scope: 'read', expiresOn: '2099-12-31' });
    const listed = (await owner.client.get('/api/api-keys')).json.find((k: { id: string }) => k.id === id);
    expect(listed.expiresAt).toBe('2100-01-01T00:00:00.000Z');
    // Its last day is over (as if time had passed).
    await sql(system, "UPDATE auth.api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    const res = await api(door, key, 'GET', '/api/v1/codes');
    expect(res.status).toBe(401);
    expect(res.json.detail).toBe('This API key has expired');

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const past = await owner.client.post('/api/api-keys', { name: 'Old', scope: 'read', expiresOn: yesterday });
    expect(past.status).toBe(400);
    expect(past.json.message).toMatch(/in the future/);
  });

  it('lets a read key read but not write (403), and a write key write', async () => {
    const read = await createApiKey(owner.client, { scope: 'read' });
    const write = await createApiKey(owner.client, { scope: 'write' });
    const denied = await api(door, read.key, 'PATCH', `/api/v1/codes/${codeId}`, { destinationUrl: 'https://example.com/new' });
    expect(denied.status).toBe(403);
    expect(denied.json.detail).toMatch(/can only read/);
    expect((await owner.client.get(`/api/qrcodes/${codeId}`)).json.destinationUrl).toBe('https://example.com/menu');
    const done = await api(door, write.key, 'PATCH', `/api/v1/codes/${codeId}`, { destinationUrl: 'https://example.com/new' });
    expect(done.status).toBe(200);
    expect(done.json.destinationUrl).toBe('https://example.com/new');
  });

  it('keeps a key to the resource groups it was made for (403 elsewhere), and lists them', async () => {
    const made = await owner.client.post('/api/api-keys', { name: 'Reports', scope: 'write', resources: ['analytics'] });
    expect(made.status).toBe(201);
    expect(made.json.resources).toEqual(['analytics']);
    const key = made.json.key as string;
    expect((await api(door, key, 'GET', '/api/v1/analytics')).status).toBe(200);
    expect((await api(door, key, 'GET', `/api/v1/codes/${codeId}/analytics`)).status).toBe(200);
    const codes = await api(door, key, 'GET', '/api/v1/codes');
    expect(codes.status).toBe(403);
    expect(codes.json.detail).toBe('This API key may not use codes: create a key that includes codes');
    expect((await api(door, key, 'PATCH', `/api/v1/codes/${codeId}`, { name: 'Renamed' })).status).toBe(403);
    expect((await api(door, key, 'GET', '/api/v1/webhooks')).status).toBe(403);
    expect((await owner.client.get(`/api/qrcodes/${codeId}`)).json.name).not.toBe('Renamed');
    const listed = (await owner.client.get('/api/api-keys')).json.find((k: { id: string }) => k.id === made.json.id);
    expect(listed.resources).toEqual(['analytics']);
    // Without a choice a key reaches everything; an unknown or empty choice is refused.
    expect((await createApiKeyResources(owner.client, undefined)).resources).toEqual(['codes', 'analytics', 'webhooks']);
    for (const resources of [[], ['billing'], ['codes', 'codes']]) {
      const bad = await owner.client.post('/api/api-keys', { name: 'Bad', scope: 'read', resources });
      expect(bad.status).toBe(400);
      expect(bad.json.message).toBe('Choose what the key may reach: one or more of codes, analytics and webhooks');
    }
  });

  it("answers 404 for another account's code, as for a missing one", async () => {
    const other = await subscribedCustomer(system);
    const { key } = await createApiKey(other.client, { scope: 'write' });
    const res = await api(door, key, 'GET', `/api/v1/codes/${codeId}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('example.com');
    expect((await api(door, key, 'DELETE', `/api/v1/codes/${codeId}`)).status).toBe(404);
    expect((await owner.client.get(`/api/qrcodes/${codeId}`)).status).toBe(200);
  });

  it('never lets a key act on the web routes, and a session never counts on /api/v1', async () => {
    const { key } = await createApiKey(owner.client, { scope: 'write' });
    for (const [method, path] of [
      ['GET', '/api/qrcodes'],
      ['GET', '/api/auth/user'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
    ]) {
      const res = await api(door, key, method, path, method === 'POST' ? { name: 'x', scope: 'write' } : undefined);
      expect([401, 403]).toContain(res.status);
    }
    const withSession = await owner.client.get('/api/v1/codes');
    expect(withSession.status).toBe(401);
    expect(withSession.json.detail).toMatch(/Authorization: Bearer/);
  });

  it('refuses missing, malformed and unknown keys with 401', async () => {
    expect((await api(door, null, 'GET', '/api/v1/codes')).status).toBe(401);
    expect((await api(door, 'not-a-key', 'GET', '/api/v1/codes')).status).toBe(401);
    expect((await api(door, `qrd_live_${'x'.repeat(32)}`, 'GET', '/api/v1/codes')).status).toBe(401);
  });

  it("refuses the keys of a suspended account (403) and lets an account keep at most 25 keys", async () => {
    const other = await subscribedCustomer(system);
    const { key } = await createApiKey(other.client, { scope: 'read' });
    await sql(system, "UPDATE auth.users SET status = 'suspended' WHERE id = $1", [other.user.id]);
    const suspended = await api(door, key, 'GET', '/api/v1/codes');
    expect(suspended.status).toBe(403);
    expect(suspended.json.code).toBe('SUSPENDED');
    await sql(system, "UPDATE auth.users SET status = 'active' WHERE id = $1", [other.user.id]);

    for (let i = 1; i < 25; i++) await createApiKey(other.client, { scope: 'read', name: `Key ${i}` });
    const tooMany = await other.client.post('/api/api-keys', { name: 'One more', scope: 'read' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toMatch(/at most 25 API keys/);
  });

  it('validates the key form: a name, a known scope', async () => {
    const noName = await owner.client.post('/api/api-keys', { name: '  ', scope: 'read' });
    expect(noName.status).toBe(400);
    const badScope = await owner.client.post('/api/api-keys', { name: 'x', scope: 'admin' });
    expect(badScope.status).toBe(400);
    expect(badScope.json.message).toBe('The scope must be read or write');
  });
});

describe('API keys: per-key rate limit', () => {
  let system: TestSystem;
  let door: FrontDoor;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { RATE_LIMIT_API_KEY_PER_MINUTE: '3' } });
    door = await startFrontDoor(system);
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  it('sends RateLimit-* headers and answers 429 with Retry-After past the limit, per key', async () => {
    const owner = await subscribedCustomer(system);
    const first = await createApiKey(owner.client, { scope: 'read' });
    const second = await createApiKey(owner.client, { scope: 'read' });
    const seen: { status: number; remaining: string | null }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await api(door, first.key, 'GET', '/api/v1/codes');
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      seen.push({ status: res.status, remaining: res.headers.get('ratelimit-remaining') });
    }
    expect(seen).toEqual([
      { status: 200, remaining: '2' },
      { status: 200, remaining: '1' },
      { status: 200, remaining: '0' },
      { status: 429, remaining: '0' },
    ]);
    const limited = await api(door, first.key, 'GET', '/api/v1/codes');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await api(door, second.key, 'GET', '/api/v1/codes')).status).toBe(200);
  });

  it('slows down guessing: wrong keys from one address get 429 after 30 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await api(door, `qrd_live_${String(i).padStart(32, 'x')}`, 'GET', '/api/v1/codes')).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

async function createApiKeyResources(client: TestHttpClient, resources: string[] | undefined): Promise<{ resources: string[] }> {
  const res = await client.post('/api/api-keys', { name: 'Everything', scope: 'read', ...(resources ? { resources } : {}) });
  return res.json as { resources: string[] };
}
