import { API_KEY_MESSAGES } from '@qrd/contracts';
import { sql } from './accounts-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { fits, OpenApiContract, OpenApiDocument } from './openapi-contract';
import { api, createApiKey } from './public-api-fixtures';
import { Customer, subscribedCustomer } from './qr-fixtures';

/** HTTP's own conventions on /api/v1: authentication challenges, rate-limit headers, conditional changes. */
describe('/api/v1 speaks HTTP: challenges, RateLimit-* on every answer, If-Match (through nginx)', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let owner: Customer;
  let key: string;
  let contract: OpenApiContract;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { RATE_LIMIT_API_KEY_PER_MINUTE: '100000' } });
    door = await startFrontDoor(system);
    owner = await subscribedCustomer(system);
    key = (await createApiKey(owner.client, { scope: 'write' })).key;
    contract = new OpenApiContract((await api(door, null, 'GET', '/api/v1/openapi.json')).json as OpenApiDocument);
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  it('challenges a request without a key or with a wrong, revoked or read-only one (RFC 6750), with the address\'s RateLimit-* headers', async () => {
    const missing = await api(door, null, 'GET', '/api/v1/codes');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(missing.headers.get('ratelimit-limit')).toBe('30');

    const wrong = [];
    for (let i = 0; i < 3; i++) wrong.push(await api(door, `qrd_live_${String(i).padStart(32, 'q')}`, 'GET', '/api/v1/codes'));
    expect(wrong.map((res) => [res.status, res.headers.get('ratelimit-limit'), res.headers.get('ratelimit-remaining')])).toEqual([
      [401, '30', '29'],
      [401, '30', '28'],
      [401, '30', '27'],
    ]);
    for (const res of wrong) {
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
      expect(res.headers.get('www-authenticate')).toBe(`Bearer realm="api", error="invalid_token", error_description="${API_KEY_MESSAGES.invalid}"`);
      expect(contract.check('GET', '/api/v1/codes', res)).toEqual(fits('GET', '/api/v1/codes', res));
    }
    // A missing key is no guess: it is not counted.
    expect((await api(door, null, 'GET', '/api/v1/codes')).headers.get('ratelimit-remaining')).toBe('27');

    const revoked = await createApiKey(owner.client, { scope: 'read' });
    expect((await owner.client.delete(`/api/api-keys/${revoked.id}`)).status).toBeLessThan(300);
    const refused = await api(door, revoked.key, 'GET', '/api/v1/codes');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer realm="api", error="invalid_token", error_description="[^"]*revoked[^"]*"$/);
    expect(refused.headers.get('ratelimit-remaining')).toBe('26');

    const reader = (await createApiKey(owner.client, { scope: 'read' })).key;
    const readOnly = await api(door, reader, 'POST', '/api/v1/codes', { name: 'x', destinationUrl: 'https://example.com/' });
    expect(readOnly.status).toBe(403);
    expect(readOnly.headers.get('www-authenticate')).toMatch(/^Bearer realm="api", error="insufficient_scope", error_description="[^"]+", scope="write"$/);
    expect(readOnly.headers.get('ratelimit-limit')).toBe('100000');
  });

  it('changes or deletes a code only while If-Match names its current ETag, else 412 and nothing changes', async () => {
    const created = await api(door, key, 'POST', '/api/v1/codes', { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    expect(created.status).toBe(201);
    const path = `/api/v1/codes/${created.json.id}`;
    const read = await api(door, key, 'GET', path);
    const first = read.headers.get('etag') as string;
    expect(first).toBeTruthy();

    const changed = await api(door, key, 'PATCH', path, { destinationUrl: 'https://example.com/spring' }, { 'if-match': first });
    expect(changed.status).toBe(200);
    expect(contract.check('PATCH', '/api/v1/codes/{id}', changed)).toEqual(fits('PATCH', '/api/v1/codes/{id}', changed));
    const current = (await api(door, key, 'GET', path)).headers.get('etag') as string;
    expect(current).not.toBe(first);

    // Someone else's change came first: the stale ETag changes nothing, whatever the method.
    const stale = { 'if-match': first };
    const patch = await api(door, key, 'PATCH', path, { destinationUrl: 'https://example.com/lost-update' }, stale);
    const design = await api(door, key, 'PUT', `${path}/design`, { foreground: '#1a237e', background: '#ffffff', errorCorrection: 'Q', margin: 2, dotStyle: 'rounded' }, stale);
    const remove = await api(door, key, 'DELETE', path, undefined, stale);
    expect([patch, design, remove].map((res) => [res.status, res.json?.code, res.json?.detail])).toEqual(
      Array(3).fill([412, 'PRECONDITION_FAILED', API_KEY_MESSAGES.staleVersion]),
    );
    expect(contract.check('PATCH', '/api/v1/codes/{id}', patch)).toEqual(fits('PATCH', '/api/v1/codes/{id}', patch));
    expect(contract.check('PUT', '/api/v1/codes/{id}/design', design)).toEqual(fits('PUT', '/api/v1/codes/{id}/design', design));
    expect(contract.check('DELETE', '/api/v1/codes/{id}', remove)).toEqual(fits('DELETE', '/api/v1/codes/{id}', remove));
    const [row] = await sql<{ destination: string; foreground: string; deleted: boolean }>(
      system,
      "SELECT destination, design->>'foreground' AS foreground, deleted_at IS NOT NULL AS deleted FROM qr.codes WHERE id = $1",
      [created.json.id],
    );
    expect(row).toEqual({ destination: 'https://example.com/spring', foreground: '#000000', deleted: false });
    expect((await api(door, key, 'GET', path)).headers.get('etag')).toBe(current);

    // Any of several ETags, or "*", lets the change through; so does the current one on DELETE.
    expect((await api(door, key, 'PATCH', path, { name: 'Menu (spring)' }, { 'if-match': `${first}, ${current}` })).status).toBe(200);
    expect((await api(door, key, 'PUT', `${path}/design`, { foreground: '#1a237e', background: '#ffffff', errorCorrection: 'Q', margin: 2, dotStyle: 'rounded' }, { 'if-match': '*' })).status).toBe(200);
    const latest = (await api(door, key, 'GET', path)).headers.get('etag') as string;
    expect((await api(door, key, 'DELETE', path, undefined, { 'if-match': latest })).status).toBe(204);
    expect((await api(door, key, 'GET', path)).status).toBe(404);
  });

  it('lets one of several changes sent at once with the same If-Match through, and answers the others 412 (no lost update)', async () => {
    const created = await api(door, key, 'POST', '/api/v1/codes', { name: 'Race', destinationUrl: 'https://example.com/race' });
    const path = `/api/v1/codes/${created.json.id}`;
    const etag = (await api(door, key, 'GET', path)).headers.get('etag') as string;
    for (let round = 0; round < 3; round++) {
      const current = round === 0 ? etag : ((await api(door, key, 'GET', path)).headers.get('etag') as string);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => api(door, key, 'PATCH', path, { destinationUrl: `https://example.com/race/${round}/${i}` }, { 'if-match': current })),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
      const winner = answers.find((res) => res.status === 200)?.json.destinationUrl;
      expect((await api(door, key, 'GET', path)).json.destinationUrl).toBe(winner);
    }
  });

  it('describes If-Match and 412 on the routes that honour it', () => {
    for (const [method, template] of [['patch', '/api/v1/codes/{id}'], ['put', '/api/v1/codes/{id}/design'], ['delete', '/api/v1/codes/{id}']]) {
      const operation = contract.document.paths[template][method];
      expect(operation.parameters?.map((p) => `${p.in} ${p.name}`)).toContain('header If-Match');
      expect(Object.keys(operation.responses)).toContain('412');
    }
  });
});
