import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { BillingPattern, ServiceQueue } from '@qrd/contracts';
import { bullPrefix, BullMqClient, Envelope } from '@qrd/messaging';
import { TestHttpClient, waitFor } from '@qrd/testing';
import { BILLING_ENV, createCode, serviceBus, signUp, subscriptionOf, userIdOf } from './billing-fixtures';
import { newUser, signIn } from './accounts-fixtures';
import { TestSystem } from './harness';

const BURST = 25;

/**
 * One user firing many seat purchases at once must neither stall billing for everyone (a pool of
 * connections starved by transactions waiting on that user's lock) nor be charged for requests
 * whose callers had already given up when they were finally handled.
 */
describe('billing: a burst of seat purchases from one user', () => {
  let system: TestSystem;
  let bus: BullMqClient;

  beforeAll(async () => {
    // The production defaults for the pool and the queue consumer; callers give up after 8 s.
    system = await TestSystem.start({
      services: ['auth', 'qr', 'billing', 'gateway'],
      env: { ...BILLING_ENV, MESSAGE_TIMEOUT_MS: '8000' },
    });
    bus = serviceBus(system);
  });
  afterAll(async () => {
    await bus.close();
    await system.stop();
  });

  async function subscriberWithFullSeats(): Promise<{ client: TestHttpClient; userId: string }> {
    const { client, registered } = await signUp(system);
    expect(registered.status).toBe(201);
    const userId = await userIdOf(client);
    await createCode(bus, userId);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 1 });
    return { client, userId };
  }

  async function billingHealth(): Promise<number> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 3000);
    try {
      return (await fetch(`${system.url('billing')}/health`, { signal: controller.signal })).status;
    } catch {
      return 0;
    } finally {
      clearTimeout(timer);
    }
  }

  it(`answers ${BURST} simultaneous purchases, charges one seat, and stays open to other users`, async () => {
    const { client } = await subscriberWithFullSeats();

    const answers = await Promise.all(
      Array.from({ length: BURST }, () => client.post('/api/purchase-qr-code', { name: 'Flyer', price: 3.49 })),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(BURST).fill(200));
    // The first buys the seat; the others find it free and are not charged again.
    expect(answers.filter((a) => a.json.charged === true)).toHaveLength(1);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 1, periodAmountCents: 698 });

    // Billing is not left locked: a new customer can sign up and the service reports healthy.
    const other = await signUp(system);
    expect(other.registered.status).toBe(201);
    expect(await billingHealth()).toBe(200);
  });

  it('a purchase repeated with the same Idempotency-Key answers the first result and buys nothing more', async () => {
    const { client, userId } = await subscriberWithFullSeats();
    const key = { 'Idempotency-Key': `purchase-${randomUUID()}` };
    const first = await client.post('/api/purchase-qr-code', { name: 'Poster', price: 3.49 }, key);
    expect(first.status).toBe(200);
    expect(first.json.charged).toBe(true);
    // The seat is used; a retry of the same click (a lost answer) must not buy another one.
    await createCode(bus, userId);
    const retried = await client.post('/api/purchase-qr-code', { name: 'Poster', price: 3.49 }, key);
    expect(retried.status).toBe(200);
    expect(retried.json).toEqual(first.json);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 2 });

    // A new click is a new key, and buys.
    const next = await client.post('/api/purchase-qr-code', { name: 'Poster', price: 3.49 }, { 'Idempotency-Key': `purchase-${randomUUID()}` });
    expect(next.json.charged).toBe(true);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 3, seatsUsed: 2 });

    const bad = await client.post('/api/purchase-qr-code', { name: 'Poster' }, { 'Idempotency-Key': 'x y' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/Idempotency-Key must be 8 to 255 characters/);
  });

  it('answers two /subscribe requests of one new subscriber at once (a plan switched right away)', async () => {
    const client = await signIn(system, await newUser(system));
    const [monthly, annual] = await Promise.all([
      client.post('/api/get-or-create-subscription?interval=monthly'),
      client.post('/api/get-or-create-subscription?interval=annual'),
    ]);
    expect([monthly.status, annual.status]).toEqual([200, 200]);
    expect(annual.json).toMatchObject({ status: 'incomplete', interval: 'annual', clientSecret: expect.any(String) });
    expect(annual.json.customerId).toBe(monthly.json.customerId);
  });

  it('does not run purchases whose callers had already given up when billing comes back', async () => {
    const { client, userId } = await subscriberWithFullSeats();
    await system.stopService('billing');

    // What a restarted billing-service finds in Redis after a crash: purchase requests of callers
    // that received an error long ago (their deadline has passed).
    const queue = new Queue<Envelope>(ServiceQueue.Billing, {
      connection: { host: '127.0.0.1', port: Number(new URL(system.config.redisUrl).port || 6379) },
      prefix: bullPrefix(system.config.redisPrefix),
    });
    try {
      for (let n = 0; n < BURST; n += 1) {
        const envelope: Envelope = {
          kind: 'request',
          data: { userId, expectedUnitAmountCents: 349 },
          meta: { requestId: randomUUID(), userId, deadline: Date.now() - 60_000 },
        };
        await queue.add(BillingPattern.PurchaseSeat, envelope, { jobId: randomUUID(), removeOnComplete: true, removeOnFail: true });
      }
      await system.startService('billing');
      await waitFor(async () => {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
      }, 15_000);
    } finally {
      await queue.close();
    }

    expect(await billingHealth()).toBe(200);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 1, periodAmountCents: 349 });
  });
});
