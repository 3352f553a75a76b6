import IORedis from 'ioredis';
import { BillingPattern, ClockView, RedirectEntry, redirectTableKey } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { TestHttpClient, waitFor } from '@qrd/testing';
import { advanceClock as advanceClockCommand } from '../../../apps/billing-service/src/cli/advance-clock';
import { newUser, signIn, sql } from './accounts-fixtures';
import {
  BILLING_ENV,
  CARDS,
  createCode,
  GOOD_EXPIRY,
  newSignup,
  payForSignup,
  register,
  serviceBus,
  signUp,
  subscriptionOf,
  userIdOf,
} from './billing-fixtures';
import { TestSystem } from './harness';

/**
 * The subscription lifecycle driven by the test provider's clock: renewals, failed renewals,
 * cancel at period end, and what the owner's codes do (the qr-service's redirect table).
 * The clock is shared by this file's tests: each only looks at its own subscription.
 */
describe('billing: lifecycle on the test clock', () => {
  let system: TestSystem;
  let bus: BullMqClient;
  let redis: IORedis;
  let admin: TestHttpClient;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
    bus = serviceBus(system);
    redis = new IORedis(system.config.redisUrl);
    admin = await signIn(system, await newUser(system, { role: 'admin' }));
  });
  afterAll(async () => {
    redis.disconnect();
    await bus.close();
    await system.stop();
  });

  async function advance(days: number): Promise<ClockView> {
    const res = await admin.post('/api/admin/billing/advance-clock', { days });
    expect(res.status).toBe(200);
    return res.json as ClockView;
  }

  /** What the redirect-service would serve for the slug. */
  async function redirectOf(slug: string): Promise<RedirectEntry | null> {
    const raw = await redis.get(redirectTableKey(system.config.redisPrefix, slug));
    return raw ? (JSON.parse(raw) as RedirectEntry) : null;
  }

  async function subscriberWithCode(card: string = CARDS.visa) {
    const { client, registered } = await signUp(system, card);
    expect(registered.status).toBe(201);
    const userId = await userIdOf(client);
    const code = await createCode(bus, userId);
    expect(await redirectOf(code.slug)).toMatchObject({ state: 'active', destination: code.destinationUrl });
    return { client, userId, code };
  }

  it('renews a month later on the saved card', async () => {
    const { client } = await subscriberWithCode();
    const before = await subscriptionOf(client);
    const clock = await advance(31);
    expect(clock.offsetDays).toBeGreaterThanOrEqual(31);

    const after = await subscriptionOf(client);
    expect(after).toMatchObject({ status: 'active', seats: 1, card: { last4: '4242' } });
    const renewedBy = (Date.parse(after.currentPeriodEnd!) - Date.parse(before.currentPeriodEnd!)) / 86_400_000;
    expect(renewedBy).toBeGreaterThanOrEqual(28);
    expect(renewedBy).toBeLessThanOrEqual(31);
  });

  it('failed renewal -> past_due (codes keep redirecting), retries fail -> unpaid (codes stop), a new card restores them', async () => {
    const { client, userId, code } = await subscriberWithCode(CARDS.failsRenewals);
    await advance(31);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'past_due', redirectsEnabled: true, entitled: false });
    expect(await redirectOf(code.slug)).toMatchObject({ state: 'active' });
    expect(await bus.request(BillingPattern.Entitlement, { userId, codesInUse: 0 })).toMatchObject({
      allowed: false,
      status: 'past_due',
    });

    // Retries after 3, 5 and 7 more days fail too: the subscription is unpaid and redirects stop.
    await advance(16);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'unpaid', redirectsEnabled: false });
    await waitFor(async () => expect(await redirectOf(code.slug)).toMatchObject({ state: 'suspended', destination: null }));

    const declined = await client.post('/api/test-payments/card', { cardNumber: CARDS.declined, expiry: GOOD_EXPIRY, cvc: '123' });
    expect(declined.status).toBe(402);
    const updated = await client.post('/api/test-payments/card', { cardNumber: CARDS.visa, expiry: GOOD_EXPIRY, cvc: '123' });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ status: 'active', card: { last4: '4242' }, redirectsEnabled: true });
    await waitFor(async () => expect(await redirectOf(code.slug)).toMatchObject({ state: 'active', destination: code.destinationUrl }));
  });

  it('a past_due subscription recovers when a new card pays the open invoice', async () => {
    const { client } = await subscriberWithCode(CARDS.failsRenewals);
    await advance(31);
    expect((await subscriptionOf(client)).status).toBe('past_due');
    const updated = await client.post('/api/test-payments/card', { cardNumber: CARDS.visa, expiry: GOOD_EXPIRY, cvc: '123' });
    expect(updated.json).toMatchObject({ status: 'active', entitled: true });
  });

  it('cancel: active until the period ends, resume undoes it; at the end redirects stop; subscribing again brings every code back', async () => {
    const { client, userId, code } = await subscriberWithCode();
    await client.post('/api/purchase-qr-code', { price: 3.49 });
    const second = await createCode(bus, userId);

    const cancelled = await client.post('/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, redirectsEnabled: true });
    const resumed = await client.post('/api/subscription/resume');
    expect(resumed.json).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await client.post('/api/subscription/cancel');

    await advance(10);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await redirectOf(code.slug)).toMatchObject({ state: 'active' });

    await advance(25);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'canceled', redirectsEnabled: false, entitled: false });
    await waitFor(async () => {
      expect(await redirectOf(code.slug)).toMatchObject({ state: 'suspended' });
      expect(await redirectOf(second.slug)).toMatchObject({ state: 'suspended' });
    });
    expect((await client.post('/api/subscription/resume')).status).toBe(409);

    // Subscribing again: a seat for each of the two codes, annual this time.
    const setup = await client.post('/api/get-or-create-subscription?interval=annual');
    expect(setup.status).toBe(200);
    expect(setup.json).toMatchObject({ status: 'incomplete', interval: 'annual', seats: 2, amountCents: 6980 });
    const paid = await client.post('/api/test-payments/confirm', {
      clientSecret: setup.json.clientSecret,
      cardNumber: CARDS.visa,
      expiry: GOOD_EXPIRY,
      cvc: '123',
    });
    expect(paid.json.status).toBe('succeeded');
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', interval: 'annual', seats: 2, seatsUsed: 2 });
    await waitFor(async () => {
      expect(await redirectOf(code.slug)).toMatchObject({ state: 'active', destination: code.destinationUrl });
      expect(await redirectOf(second.slug)).toMatchObject({ state: 'active' });
    });
  });

  it('subscribing again after unpaid replaces the unpaid subscription', async () => {
    const { client, userId, code } = await subscriberWithCode(CARDS.failsRenewals);
    await advance(47);
    expect((await subscriptionOf(client)).status).toBe('unpaid');

    const setup = await client.post('/api/get-or-create-subscription?interval=monthly');
    expect(setup.json).toMatchObject({ status: 'incomplete', seats: 1 });
    const paid = await client.post('/api/test-payments/confirm', {
      clientSecret: setup.json.clientSecret,
      cardNumber: CARDS.visa,
      expiry: GOOD_EXPIRY,
      cvc: '123',
    });
    expect(paid.json.status).toBe('succeeded');
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', card: { last4: '4242' } });
    const statuses = await sql<{ status: string }>(
      system,
      `SELECT s.status FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id
       WHERE c.user_id = $1 ORDER BY s.provider_created_at`,
      [userId],
    );
    expect(statuses.map((r) => r.status)).toEqual(['canceled', 'active']);
    await waitFor(async () => expect(await redirectOf(code.slug)).toMatchObject({ state: 'active' }));
  });

  it('/subscribe reuses the waiting payment, and a live subscription needs no payment', async () => {
    const { client } = await subscriberWithCode();
    const live = await client.post('/api/get-or-create-subscription?interval=monthly');
    expect(live.json).toMatchObject({ clientSecret: null, status: 'active' });

    const user = await newUser(system);
    const fresh = await signIn(system, user);
    const first = await fresh.post('/api/get-or-create-subscription?interval=monthly');
    const again = await fresh.post('/api/get-or-create-subscription?interval=monthly');
    expect(again.json.subscriptionId).toBe(first.json.subscriptionId);
    expect(again.json.clientSecret).toBe(first.json.clientSecret);
    const switched = await fresh.post('/api/get-or-create-subscription?interval=annual');
    expect(switched.json.subscriptionId).not.toBe(first.json.subscriptionId);
    expect(switched.json).toMatchObject({ interval: 'annual', amountCents: 3490 });
    expect((await fresh.post('/api/get-or-create-subscription?interval=weekly')).status).toBe(400);
  });

  it('a first payment never made expires after 23 hours (incomplete_expired)', async () => {
    const client = system.client();
    const details = newSignup();
    const { setup } = await payForSignup(client, details, CARDS.declined);
    await advance(1);
    const late = await client.post('/api/test-payments/confirm', {
      clientSecret: setup.clientSecret,
      cardNumber: CARDS.visa,
      expiry: GOOD_EXPIRY,
      cvc: '123',
    });
    expect(late.json.status).toBe('canceled');
    expect((await register(client, details, setup)).status).toBe(402);
  });

  it('the clock is an operator tool: admins only over HTTP, and the billing:advance-clock command', async () => {
    const { client } = await subscriberWithCode();
    expect((await client.post('/api/admin/billing/advance-clock', { days: 1 })).status).toBe(403);
    expect((await admin.post('/api/admin/billing/advance-clock', { days: 0 })).status).toBe(400);

    const before = await subscriptionOf(client);
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await advanceClockCommand(system.config, system.logger, ['--days', '31']);
      expect(String(write.mock.calls.at(-1)?.[0])).toMatch(/^Test clock is now .* days ahead/);
    } finally {
      write.mockRestore();
    }
    const after = await subscriptionOf(client);
    expect(Date.parse(after.currentPeriodEnd!)).toBeGreaterThan(Date.parse(before.currentPeriodEnd!));
  });
});
