import IORedis from 'ioredis';
import { ClockView, DomainEvent, RedirectEntry, redirectTableKey } from '@qrd/contracts';
import { BullMqClient, MessageBus } from '@qrd/messaging';
import { TestHttpClient, waitFor } from '@qrd/testing';
import { newUser, signIn, sql } from './accounts-fixtures';
import { BILLING_ENV, createCode, serviceBus, signUp, subscriptionOf, userIdOf } from './billing-fixtures';
import { failNext } from './fault-injection';
import { TestSystem } from './harness';

describe("billing's subscription changes reach the other services even when publishing fails (outbox)", () => {
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

  async function redirectOf(slug: string): Promise<RedirectEntry | null> {
    const raw = await redis.get(redirectTableKey(system.config.redisPrefix, slug));
    return raw ? (JSON.parse(raw) as RedirectEntry) : null;
  }

  it('an ended subscription still stops its codes when the first publication of the change failed', async () => {
    const { client } = await signUp(system);
    const code = await createCode(bus, await userIdOf(client));
    await waitFor(async () => expect(await redirectOf(code.slug)).toMatchObject({ state: 'active' }));
    expect((await client.post('/api/subscription/cancel')).status).toBe(200);
    // The cancellation's own events first: the failure injected below is for the subscription's end.
    await waitFor(async () => {
      const [pending] = await sql<{ n: number }>(system, `SELECT count(*)::int AS n FROM billing.outbox WHERE delivered_at IS NULL`);
      expect(pending.n).toBe(0);
    }, 15_000);
    // The subscription's change, not the notice or the audit entry published beside it (in either order).
    failNext(system.apps.get('billing')!.get(MessageBus), 'emitEvent', 1, undefined, ([event]) => event === DomainEvent.SubscriptionChanged);

    const advanced = await admin.post('/api/admin/billing/advance-clock', { days: 35 });

    expect(advanced.status).toBe(200);
    expect((advanced.json as ClockView).now).toBeDefined();
    expect(await subscriptionOf(client)).toMatchObject({ status: 'canceled', redirectsEnabled: false });
    // The change is committed with its event; the relay publishes it after the failed attempt.
    await waitFor(async () => expect(await redirectOf(code.slug)).toMatchObject({ state: 'suspended' }), 15_000);
    const [outbox] = await sql<{ undelivered: number; retried: number }>(
      system,
      `SELECT count(*) FILTER (WHERE delivered_at IS NULL)::int AS undelivered, count(*) FILTER (WHERE attempts > 1)::int AS retried
       FROM billing.outbox WHERE event = 'subscription.changed'`,
    );
    expect(outbox).toEqual({ undelivered: 0, retried: 1 });
  });
});
