import IORedis from 'ioredis';
import { RedirectEntry, redirectTableBuildKey, redirectTableCompleteKey, redirectTableKey } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { newUser, signIn, sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, scan, subscribedCustomer } from './qr-fixtures';

interface Expected {
  label: string;
  slug: string;
  status: number;
  location?: string;
}

interface CodeRow {
  id: string;
  slug: string;
  destination: string;
  state: RedirectEntry['state'];
  version: number;
  deleted: boolean;
}

/** A counter of the redirect-service's /metrics. */
async function counter(baseUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  if (!match) throw new Error(`${name} is not in /metrics`);
  return Number(match[1]);
}

/**
 * The Redis redirect table is authoritative while it is marked complete (DESIGN section 4). When
 * Redis loses its data, scans keep getting the right answer from PostgreSQL through the
 * qr-service, the qr-service rebuilds the table and marks it complete again, and from then on a
 * slug missing from it is answered 404 without asking the qr-service.
 */
describe('redirect table: Redis loses its data while the system runs', () => {
  let system: TestSystem;
  let redis: IORedis;
  let completeKey: string;

  beforeAll(async () => {
    system = await TestSystem.start();
    redis = new IORedis(system.config.redisUrl);
    completeKey = redirectTableCompleteKey(system.config.redisPrefix);
  });
  afterAll(async () => {
    redis.disconnect();
    await system.stop();
  });

  /**
   * Every key of this system at once, as FLUSHALL would leave it (other users of this Redis keep
   * theirs); the rebuild lease is left held, as by another qr-service replica in the middle of its
   * rebuild, so the table stays incomplete until the test lets go.
   */
  async function loseRedisData(): Promise<void> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${system.config.redisPrefix}:*`, 'COUNT', 1000);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    await redis
      .multi()
      .del(...keys)
      .set(redirectTableBuildKey(system.config.redisPrefix), 'another-replica', 'PX', 60_000)
      .exec();
  }

  async function codeRows(): Promise<CodeRow[]> {
    return sql<CodeRow>(system, 'SELECT id, slug, destination, state, version, deleted_at IS NOT NULL AS deleted FROM qr.codes');
  }

  it('redirects right through the fallback, rebuilds the table, then answers unknown slugs without a queue call', async () => {
    const alice = await subscribedCustomer(system);
    const active = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const off = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    const gone = await createCode(alice.client, { name: 'Old', destinationUrl: 'https://example.com/old' }, { buySeat: true });
    const unscanned = await createCode(alice.client, { name: 'Shelf', destinationUrl: 'https://example.com/shelf' }, { buySeat: true });
    expect((await alice.client.post(`/api/qrcodes/${off.id}/deactivate`)).status).toBe(200);
    expect((await alice.client.delete(`/api/qrcodes/${gone.id}`)).status).toBe(204);
    const bob = await subscribedCustomer(system);
    const suspended = await createCode(bob.client, { name: 'Card', destinationUrl: 'https://example.com/card' });
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    expect((await admin.post(`/api/admin/users/${bob.user.id}/status`, { status: 'suspended' })).status).toBe(200);
    const expected: Expected[] = [
      { label: 'active', slug: active.slug, status: 302, location: 'https://example.com/menu' },
      { label: 'deactivated', slug: off.slug, status: 410 },
      { label: 'deleted', slug: gone.slug, status: 404 },
      { label: 'owner suspended', slug: suspended.slug, status: 410 },
      { label: 'never existed', slug: 'Nx0Nx0N', status: 404 },
    ];
    const answers = async (baseUrl: string) => {
      const out: Expected[] = [];
      for (const { label, slug } of expected) {
        const res = await scan(baseUrl, slug);
        out.push({ label, slug, status: res.status, ...(res.status === 302 ? { location: res.headers.get('location') ?? '' } : {}) });
      }
      return out;
    };
    const warm = system.url('redirect');
    await waitFor(async () => expect(await answers(warm)).toEqual(expected));
    expect(await redis.get(completeKey)).not.toBeNull();

    await loseRedisData();
    await system.startService('redirect', 'redirect-cold');
    const cold = system.url('redirect-cold');
    const fallbacksBefore = { warm: await counter(warm, 'redirect_fallback_requests_total'), cold: await counter(cold, 'redirect_fallback_requests_total') };

    // The table is gone: a replica that never saw these slugs asks the qr-service (PostgreSQL), and
    // the warm one answers from memory.
    expect(await answers(cold)).toEqual(expected);
    expect(await answers(warm)).toEqual(expected);
    expect(await redis.exists(completeKey)).toBe(0);
    expect(await counter(cold, 'redirect_fallback_requests_total')).toBe(fallbacksBefore.cold + expected.length);
    expect(await counter(warm, 'redirect_fallback_requests_total')).toBe(fallbacksBefore.warm);

    // The other replica goes away mid-rebuild: the qr-service notices the table is incomplete and rebuilds it.
    await redis.del(redirectTableBuildKey(system.config.redisPrefix));
    await waitFor(async () => expect(await redis.get(completeKey)).not.toBeNull(), 15_000);
    for (const row of await codeRows()) {
      const entry = JSON.parse((await redis.get(redirectTableKey(system.config.redisPrefix, row.slug))) ?? 'null') as RedirectEntry | null;
      const state = row.deleted ? 'deleted' : row.state;
      expect({ slug: row.slug, entry }).toEqual({
        slug: row.slug,
        entry: { codeId: row.id, destination: state === 'active' ? row.destination : null, state, version: row.version },
      });
    }
    expect(await redis.exists(redirectTableKey(system.config.redisPrefix, unscanned.slug))).toBe(1);

    const fallbacks = await counter(cold, 'redirect_fallback_requests_total');
    const unknown = await counter(cold, 'redirect_unknown_from_table_total');
    expect((await scan(cold, 'Nx1Nx1N')).status).toBe(404);
    expect((await scan(cold, unscanned.slug)).status).toBe(302);
    expect(await counter(cold, 'redirect_fallback_requests_total')).toBe(fallbacks);
    expect(await counter(cold, 'redirect_unknown_from_table_total')).toBe(unknown + 1);
    await system.stopService('redirect-cold');
  });

  it('rebuilds on an operator request and marks the table complete with a new generation', async () => {
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const before = await redis.get(completeKey);

    const res = await admin.post('/api/admin/redirect-table/rebuild');

    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ codes: (await codeRows()).length });
    expect(res.json.generation).not.toBe(before);
    expect(await redis.get(completeKey)).toBe(res.json.generation);
  });
});
