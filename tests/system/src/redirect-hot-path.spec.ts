import { redirectTableBuildKey, redirectTableCompleteKey } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { newUser, signIn } from './accounts-fixtures';
import { TestSystem } from './harness';
import { CARD_OK, createCode, Customer, scan, subscribedCustomer } from './qr-fixtures';

describe('redirect-service: GET/HEAD /r/{slug} (DESIGN section 4)', () => {
  let system: TestSystem;
  let alice: Customer;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { PUBLIC_BASE_URL: 'http://qr.example.test:8080' } });
    alice = await subscribedCustomer(system);
  });
  afterAll(() => system.stop());

  /** A new code on a seat bought for it. */
  async function newCode(destinationUrl: string) {
    const first = (await alice.client.get('/api/qrcodes')).json.length === 0;
    return createCode(alice.client, { name: `Code ${Date.now()}`, destinationUrl }, { buySeat: !first });
  }

  it('sends a scan to the destination with a 302 that nobody caches', async () => {
    const code = await newCode('https://example.com/menu?table=4');

    const res = await scan(system.url('redirect'), code.slug);

    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/menu?table=4');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers HEAD the same way, without a body', async () => {
    const [code] = (await alice.client.get('/api/qrcodes')).json;

    const res = await scan(system.url('redirect'), code.slug, { method: 'HEAD' });

    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(code.destinationUrl);
  });

  it('answers an unknown slug with a small 404 page linking home', async () => {
    for (const slug of ['Zz9Zz9Z', 'short', 'way-too-long-slug']) {
      const res = await fetch(`${system.url('redirect')}/r/${slug}`, { redirect: 'manual' });
      const html = await res.text();

      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html).toContain('QR code not found');
      expect(html).toContain('href="http://qr.example.test:8080/"');
      expect(html.length).toBeLessThan(2000);
    }
  });

  it('takes a destination change to every replica within one second', async () => {
    const code = await newCode('https://example.com/old');
    await system.startService('redirect', 'redirect-2');
    const replicas = [system.url('redirect'), system.url('redirect-2')];
    // Both replicas have the old destination in their in-process caches.
    for (const replica of replicas) expect((await scan(replica, code.slug)).headers.get('location')).toBe('https://example.com/old');

    const changed = await alice.client.patch(`/api/qrcodes/${code.id}`, { destinationUrl: 'https://example.com/new' });
    const changedAt = Date.now();

    expect(changed.status).toBe(200);
    for (const replica of replicas) {
      await waitFor(async () => expect((await scan(replica, code.slug)).headers.get('location')).toBe('https://example.com/new'), 1000, 20);
    }
    expect(Date.now() - changedAt).toBeLessThan(1000);
    await system.stopService('redirect-2');
  });

  it('shows the 410 page for a deactivated code, and redirects again once activated', async () => {
    const [code] = (await alice.client.get('/api/qrcodes')).json;
    await alice.client.post(`/api/qrcodes/${code.id}/deactivate`);

    const res = await fetch(`${system.url('redirect')}/r/${code.slug}`, { redirect: 'manual' });
    const page = await res.text();

    expect(res.status).toBe(410);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(page).toContain('This QR code is not active');
    expect(page).toContain('href="http://qr.example.test:8080/"');
    await alice.client.post(`/api/qrcodes/${code.id}/activate`);
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
  });

  it('stops redirecting when the subscription ends and comes back when the user subscribes again', async () => {
    const bob = await subscribedCustomer(system);
    const kept = await createCode(bob.client, { name: 'Shop', destinationUrl: 'https://example.com/shop' });
    const off = await createCode(bob.client, { name: 'Old flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    await bob.client.post(`/api/qrcodes/${off.id}/deactivate`);
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));

    // Cancelled at the period end, then the test clock passes that end.
    expect((await bob.client.post('/api/subscription/cancel')).status).toBe(200);
    expect((await admin.post('/api/admin/billing/advance-clock', { days: 40 })).status).toBe(200);

    await waitFor(async () => expect((await scan(system.url('redirect'), kept.slug)).status).toBe(410));
    expect((await bob.client.get(`/api/qrcodes/${kept.id}`)).json).toMatchObject({ state: 'suspended', suspended: { billing: true } });

    const setup = await bob.client.post('/api/get-or-create-subscription?interval=monthly');
    const paid = await bob.client.post('/api/test-payments/confirm', { clientSecret: setup.json.clientSecret, ...CARD_OK });
    expect(paid.json.status).toBe('succeeded');

    await waitFor(async () => expect((await scan(system.url('redirect'), kept.slug)).status).toBe(302));
    // The owner's own deactivation was not undone by the subscription coming back.
    expect((await scan(system.url('redirect'), off.slug)).status).toBe(410);
    expect((await bob.client.get(`/api/qrcodes/${off.id}`)).json).toMatchObject({ state: 'deactivated', suspended: { billing: false } });
  });

  it("stops a suspended user's codes and restores them on reactivation", async () => {
    const carol = await subscribedCustomer(system);
    const code = await createCode(carol.client, { name: 'Card', destinationUrl: 'https://example.com/card' });
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));

    expect((await admin.post(`/api/admin/users/${carol.user.id}/status`, { status: 'suspended' })).status).toBe(200);
    await waitFor(async () => expect((await scan(system.url('redirect'), code.slug)).status).toBe(410));

    expect((await admin.post(`/api/admin/users/${carol.user.id}/status`, { status: 'active' })).status).toBe(200);
    await waitFor(async () => expect((await scan(system.url('redirect'), code.slug)).status).toBe(302));
  });

  it('reloads a code missing from the Redis table from PostgreSQL while the table is not complete (a cold start)', async () => {
    const code = await newCode('https://example.com/cold');
    const { default: IORedis } = await import('ioredis');
    const redis = new IORedis(system.config.redisUrl);
    const prefix = system.config.redisPrefix;
    // As before the first rebuild has finished: no entry, no completeness marker, a rebuild under way elsewhere.
    await redis.multi().del(`${prefix}:redirect:${code.slug}`, redirectTableCompleteKey(prefix)).set(redirectTableBuildKey(prefix), 'elsewhere', 'PX', 30_000).exec();
    await system.startService('redirect', 'redirect-cold');

    const res = await scan(system.url('redirect-cold'), code.slug);

    expect(res.headers.get('location')).toBe('https://example.com/cold');
    expect(JSON.parse((await redis.get(`${prefix}:redirect:${code.slug}`)) ?? 'null')).toMatchObject({
      destination: 'https://example.com/cold',
      state: 'active',
    });
    await redis.del(redirectTableBuildKey(prefix));
    redis.disconnect();
    await system.stopService('redirect-cold');
  });

  it('answers a slug missing from the complete table with 404 until a code with that slug is announced', async () => {
    const { default: IORedis } = await import('ioredis');
    const redis = new IORedis(system.config.redisUrl);
    const prefix = system.config.redisPrefix;
    await waitFor(async () => expect(await redis.get(redirectTableCompleteKey(prefix))).not.toBeNull());
    const code = await newCode('https://example.com/late');
    // Not in the table yet, as just before its creation: the replica remembers the slug as unknown...
    await redis.del(`${prefix}:redirect:${code.slug}`);
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(404);

    // ...and forgets it once the code's entry is written and announced.
    expect((await alice.client.patch(`/api/qrcodes/${code.id}`, { destinationUrl: 'https://example.com/later' })).status).toBe(200);

    await waitFor(async () => expect((await scan(system.url('redirect'), code.slug)).headers.get('location')).toBe('https://example.com/later'), 1000, 20);
    redis.disconnect();
  });
});
