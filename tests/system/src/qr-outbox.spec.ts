import { MessageBus } from '@qrd/messaging';
import { waitFor } from '@qrd/testing';
import { RedirectTable } from '../../../apps/qr-service/src/codes/redirect-table';
import { sql } from './accounts-fixtures';
import { subscriptionOf } from './billing-fixtures';
import { failNext } from './fault-injection';
import { TestSystem } from './harness';
import { createCode, Customer, scan, subscribedCustomer } from './qr-fixtures';

describe('what follows from a change of a code survives a failure right after its commit (outbox)', () => {
  let system: TestSystem;
  let alice: Customer;

  beforeAll(async () => {
    system = await TestSystem.start();
    alice = await subscribedCustomer(system);
  });
  afterAll(() => system?.stop());

  it('a deleted code still stops redirecting when that could not be done at once, and its seat stays free', async () => {
    await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const flyer = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    expect(await subscriptionOf(alice.client)).toMatchObject({ seats: 2, seatsUsed: 2 });
    expect((await scan(system.url('redirect'), flyer.slug)).status).toBe(302);
    const qr = system.apps.get('qr')!;
    failNext(qr.get(MessageBus), 'emitEvent');
    failNext(qr.get(RedirectTable), 'write');

    const deleted = await alice.client.delete(`/api/qrcodes/${flyer.id}`);

    // The deletion is committed: the owner is told it worked, and it did.
    expect(deleted.status).toBe(204);
    expect((await alice.client.get(`/api/qrcodes/${flyer.id}`)).status).toBe(404);
    // What could not follow at once follows within seconds: the link is dead. The seat stays paid
    // until the period ends, free for the next code.
    await waitFor(async () => expect((await scan(system.url('redirect'), flyer.slug)).status).toBe(404), 15_000);
    expect(await subscriptionOf(alice.client)).toMatchObject({ seats: 2, seatsUsed: 1 });
    const [outbox] = await sql<{ undelivered: number; retried: number }>(
      system,
      `SELECT count(*) FILTER (WHERE delivered_at IS NULL)::int AS undelivered, count(*) FILTER (WHERE attempts > 1)::int AS retried FROM qr.outbox`,
    );
    expect(outbox).toEqual({ undelivered: 0, retried: 2 });
  });

  it('a destination change reaches the short link even when the first write of its entry failed', async () => {
    const code = await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' }, { buySeat: true });
    failNext(system.apps.get('qr')!.get(RedirectTable), 'write');

    const changed = await alice.client.patch(`/api/qrcodes/${code.id}`, { destinationUrl: 'https://example.com/poster-2' });

    expect(changed.status).toBe(200);
    await waitFor(async () => expect((await scan(system.url('redirect'), code.slug)).headers.get('location')).toBe('https://example.com/poster-2'), 15_000);
  });
});
