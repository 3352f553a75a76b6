import { Queue } from 'bullmq';
import { DomainEvent, ServiceQueue } from '@qrd/contracts';
import { bullPrefix, BullMqClient, redisOptions } from '@qrd/messaging';
import { queueDrained, waitFor } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { serviceBus } from './billing-fixtures';
import { TestSystem } from './harness';
import { createCode, scan, subscribedCustomer } from './qr-fixtures';

/**
 * Account and subscription events can reach the qr-service late or out of order (parallel workers,
 * retries). A stale event must never undo a newer state: the codes follow what the owning service
 * says now.
 */
describe('owner events arriving out of order', () => {
  let system: TestSystem;
  let bus: BullMqClient;
  let qrQueue: Queue;

  beforeAll(async () => {
    system = await TestSystem.start();
    bus = serviceBus(system);
    qrQueue = new Queue(ServiceQueue.Qr, {
      connection: redisOptions(system.config.redisUrl),
      prefix: bullPrefix(system.config.redisPrefix),
    });
  });
  afterAll(async () => {
    await qrQueue.close();
    await bus.close();
    await system.stop();
  });

  /** Every event sent so far has been handled by the qr-service. */
  function qrEventsHandled(): Promise<void> {
    return queueDrained(qrQueue);
  }

  it('keeps a suspended account suspended when a stale reactivation arrives, and the reverse', async () => {
    const { user, client } = await subscribedCustomer(system);
    const code = await createCode(client, { name: 'Poster', destinationUrl: 'https://example.com/poster' });
    const redirect = system.url('redirect');
    expect((await scan(redirect, code.slug)).status).toBe(302);

    await sql(system, "UPDATE auth.users SET status = 'suspended' WHERE id = $1", [user.id]);
    await bus.emitEvent(DomainEvent.UserSuspended, { userId: user.id });
    await waitFor(async () => expect((await scan(redirect, code.slug)).status).toBe(410));

    // A reactivation event from before the suspension, delivered late.
    await bus.emitEvent(DomainEvent.UserReactivated, { userId: user.id });
    await qrEventsHandled();
    expect((await scan(redirect, code.slug)).status).toBe(410);

    await sql(system, "UPDATE auth.users SET status = 'active' WHERE id = $1", [user.id]);
    await bus.emitEvent(DomainEvent.UserReactivated, { userId: user.id });
    await waitFor(async () => expect((await scan(redirect, code.slug)).status).toBe(302));

    // And a suspension event from before the reactivation, delivered late.
    await bus.emitEvent(DomainEvent.UserSuspended, { userId: user.id });
    await qrEventsHandled();
    expect((await scan(redirect, code.slug)).status).toBe(302);
  });

  it('ignores a stale "subscription ended" while the subscription is active', async () => {
    const { user, client } = await subscribedCustomer(system);
    const code = await createCode(client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    await bus.emitEvent(DomainEvent.SubscriptionChanged, {
      userId: user.id,
      status: 'canceled',
      redirectsEnabled: false,
      seats: 1,
    });
    await qrEventsHandled();
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
  });

  it('applies a change that keeps the redirects on without waiting on the billing-service', async () => {
    // A purchase waits in the billing-service for this service's code count; had this service's
    // workers waited on the billing-service for the subscription changes those purchases make, a
    // storm of purchases held both services' workers waiting on each other until the deadlines
    // passed (9 of 50 purchases answered 504 in the fault suite). With its codes running and the
    // event saying they stay on, there is nothing to look up: it is applied with billing stopped.
    const { user, client } = await subscribedCustomer(system);
    const code = await createCode(client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' });
    await system.stopService('billing');
    try {
      await bus.emitEvent(DomainEvent.SubscriptionChanged, { userId: user.id, status: 'active', redirectsEnabled: true, seats: 2 });
      await queueDrained(qrQueue, 3000);
      expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
    } finally {
      await system.startService('billing');
    }
  });
});
