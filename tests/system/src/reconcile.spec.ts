import IORedis from 'ioredis';
import { redirectTableKey, ReconcileCheck } from '@qrd/contracts';
import { TestHttpClient } from '@qrd/testing';
import { newUser, signIn, sql } from './accounts-fixtures';
import { CARDS, newSignup, payForSignup, subscriptionOf } from './billing-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, scan, subscribedCustomer } from './qr-fixtures';

async function metric(system: TestSystem, service: string, series: string): Promise<number> {
  const text = await (await fetch(`${system.url(service)}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

const byCheck = (checks: ReconcileCheck[]) => Object.fromEntries(checks.map((c) => [c.check, c]));

describe('reconciliation: what must agree is compared and repaired, on request and on a schedule', () => {
  let system: TestSystem;
  let redis: IORedis;
  let admin: TestHttpClient;
  let alice: Customer;

  beforeAll(async () => {
    system = await TestSystem.start();
    redis = new IORedis(system.config.redisUrl);
    admin = await signIn(system, await newUser(system, { role: 'admin' }));
    alice = await subscribedCustomer(system);
  });
  afterAll(async () => {
    redis?.disconnect();
    await system?.stop();
  });

  it('leaves a period\'s unused seats alone, settles a renewal left unsettled and rewrites redirect entries that drifted from PostgreSQL', async () => {
    const menu = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const flyer = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    expect(await subscriptionOf(alice.client)).toMatchObject({ seats: 2, seatsUsed: 2 });
    // Drift, as lost events and a damaged table would leave it: the flyer is deleted in PostgreSQL
    // alone (its entry still redirects), the menu's entry is gone from Redis.
    await sql(system, `UPDATE qr.codes SET deleted_at = now(), version = version + 1 WHERE id = $1`, [flyer.id]);
    await redis.del(redirectTableKey(system.config.redisPrefix, menu.slug));
    expect((await scan(system.url('redirect'), flyer.slug)).status).toBe(302);
    expect((await scan(system.url('redirect'), menu.slug)).status).toBe(404);

    const res = await admin.post('/api/admin/reconcile');

    expect(res.status).toBe(200);
    const checks = byCheck(res.json.checks);
    expect(checks['redirect-table']).toMatchObject({ repaired: 2, needsAttention: 0 });
    // A seat no code uses is paid until the period ends: the customer keeps it.
    expect(checks.seats).toMatchObject({ checked: 1, repaired: 0, needsAttention: 0 });
    expect(checks.outbox).toMatchObject({ needsAttention: 0 });
    expect(await subscriptionOf(alice.client)).toMatchObject({ seats: 2, seatsUsed: 1 });
    expect((await scan(system.url('redirect'), menu.slug)).headers.get('location')).toBe('https://example.com/menu');
    expect((await scan(system.url('redirect'), flyer.slug)).status).toBe(404);
    expect(await metric(system, 'qr', 'reconcile_repairs_total{check="redirect-table"}')).toBe(2);

    // A renewal recorded but not settled (the service stopped right after storing the new period).
    const [sub] = await sql<{ id: string; end: Date }>(
      system,
      `SELECT s.provider_subscription_id AS id, s.current_period_end AS "end" FROM billing.subscriptions s
       JOIN billing.customers c ON c.id = s.customer_id WHERE c.user_id = $1`,
      [alice.user.id],
    );
    const periodEnd = new Date(sub.end).toISOString();
    await sql(
      system,
      `INSERT INTO billing.processed_events (provider, event_id, type, payload) VALUES ('internal', $1, 'seat.renewal', $2)`,
      [`seat-renewal:${sub.id}:${periodEnd}`, JSON.stringify({ userId: alice.user.id, providerSubscriptionId: sub.id, periodEnd })],
    );
    const settled = byCheck((await admin.post('/api/admin/reconcile')).json.checks);
    expect(settled.seats).toMatchObject({ repaired: 1, needsAttention: 0 });
    expect(settled.seats.details).toEqual([`user ${alice.user.id}: 2 seats renewed for 1 codes; now 1 (the unused time credited)`]);
    expect(await subscriptionOf(alice.client)).toMatchObject({ seats: 1, seatsUsed: 1 });
    expect(await metric(system, 'billing', 'reconcile_repairs_total{check="seats"}')).toBe(1);

    // Everything agrees now: a further pass repairs nothing.
    const again = byCheck((await admin.post('/api/admin/reconcile')).json.checks);
    expect([again['redirect-table'].repaired, again.seats.repaired, again.seats.needsAttention]).toEqual([0, 0, 0]);
  });

  it('reports codes held beyond the seats paid, and charges nobody for them', async () => {
    const bob = await subscribedCustomer(system);
    await createCode(bob.client, { name: 'One', destinationUrl: 'https://example.com/one' });
    // A second code with no seat behind it (written around the seat check).
    await sql(
      system,
      `INSERT INTO qr.codes (slug, owner_id, name, destination, design)
       SELECT 'Rc' || substr(md5(random()::text), 1, 5), owner_id, 'Two', 'https://example.com/two', design FROM qr.codes WHERE owner_id = $1 LIMIT 1`,
      [bob.user.id],
    );

    const checks = byCheck((await admin.post('/api/admin/reconcile')).json.checks);

    expect(checks.seats).toMatchObject({ repaired: 0, needsAttention: 1 });
    expect(checks.seats.details).toEqual([`user ${bob.user.id}: holds 2 codes with 1 seats paid`]);
    expect(await subscriptionOf(bob.client)).toMatchObject({ seats: 1 });
    expect(await metric(system, 'billing', 'reconcile_needs_attention{check="seats"}')).toBe(1);
  });

  it('refunds and cancels a paid signup that never became an account, once', async () => {
    const details = newSignup();
    const { setup } = await payForSignup(system.client(), details, CARDS.visa);
    // A day later, no account took the payment over.
    await sql(system, `UPDATE billing.customers SET created_at = now() - interval '25 hours' WHERE email = $1`, [details.email]);

    const checks = byCheck((await admin.post('/api/admin/reconcile')).json.checks);

    expect(checks.signups).toMatchObject({ checked: 1, repaired: 1, needsAttention: 0 });
    expect(checks.signups.details).toEqual([
      expect.stringMatching(new RegExp(`^paid signup of ${details.email} on \\d{4}-\\d{2}-\\d{2} has no account: \\$3\\.49 refunded, subscription \\S+ cancelled$`)),
    ]);
    const [sub] = await sql<{ status: string }>(system, `SELECT s.status FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id WHERE c.email = $1`, [details.email]);
    expect(sub.status).toBe('canceled');
    // The payment processor holds one refund of the whole first payment.
    const refunds = await sql<{ amount: number }>(
      system,
      `SELECT (data->>'amount')::int AS amount FROM billing.test_objects WHERE type = 'refund' AND customer_id = (SELECT provider_customer_id FROM billing.customers WHERE email = $1)`,
      [details.email],
    );
    expect(refunds).toEqual([{ amount: 349 }]);
    expect(setup.subscriptionId).toEqual(expect.any(String));
    // Done once: the next pass finds nothing, and refunds nothing more.
    expect(byCheck((await admin.post('/api/admin/reconcile')).json.checks).signups).toMatchObject({ checked: 0, repaired: 0 });
  });

  it('ends the subscription of an account deleted while its user.deleted was lost', async () => {
    const bob = await subscribedCustomer(system);
    const [{ customerId }] = await sql<{ customerId: string }>(system, 'SELECT id AS "customerId" FROM billing.customers WHERE user_id = $1', [bob.user.id]);
    // The account row goes, as a deletion would, but no service hears of it.
    await sql(system, 'DELETE FROM auth.users WHERE id = $1', [bob.user.id]);

    const checks = byCheck((await admin.post('/api/admin/reconcile')).json.checks);

    expect(checks.accounts).toMatchObject({ repaired: 1 });
    expect(checks.accounts.details).toEqual([`workspace ${bob.user.id} no longer exists: subscription ended and billing records detached`]);
    const rows = await sql(
      system,
      `SELECT s.status, c.user_id AS "userId", c.email FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id WHERE c.id = $1`,
      [customerId],
    );
    expect(rows).toEqual([{ status: 'canceled', userId: null, email: '' }]);
    expect(byCheck((await admin.post('/api/admin/reconcile')).json.checks).accounts).toMatchObject({ repaired: 0 });
  });

  it("brings our copy of a subscription back to the provider's when an event of the provider was missed", async () => {
    const carol = await subscribedCustomer(system);
    const code = await createCode(carol.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' });
    // Drift, as a lost provider event leaves it: we hold the subscription as cancelled at period end
    // with three seats, while the provider still has one seat renewing.
    await sql(
      system,
      `UPDATE billing.subscriptions SET seats = 3, cancel_at_period_end = true
       WHERE customer_id = (SELECT id FROM billing.customers WHERE user_id = $1)`,
      [carol.user.id],
    );
    expect(await subscriptionOf(carol.client)).toMatchObject({ seats: 3, cancelAtPeriodEnd: true });

    const checks = byCheck((await admin.post('/api/admin/reconcile')).json.checks);

    expect(checks.subscriptions).toMatchObject({ repaired: 1, needsAttention: 0 });
    expect(checks.subscriptions.details).toEqual([
      expect.stringMatching(/^subscription \S+: seats 3 -> 1, cancel at period end true -> false \(as the provider has it\)$/),
    ]);
    expect(await subscriptionOf(carol.client)).toMatchObject({ status: 'active', seats: 1, cancelAtPeriodEnd: false });
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
    expect(await metric(system, 'billing', 'reconcile_repairs_total{check="subscriptions"}')).toBe(1);
    expect(byCheck((await admin.post('/api/admin/reconcile')).json.checks).subscriptions).toMatchObject({ repaired: 0 });
  });

  it('is for admins only', async () => {
    expect((await alice.client.post('/api/admin/reconcile')).status).toBe(403);
  });
});
