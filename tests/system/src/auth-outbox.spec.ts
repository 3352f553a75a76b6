import { MessageBus } from '@qrd/messaging';
import { waitFor } from '@qrd/testing';
import { newUser, signIn, sql } from './accounts-fixtures';
import { failNext } from './fault-injection';
import { TestSystem } from './harness';
import { createCode, scan, subscribedCustomer } from './qr-fixtures';

describe('account events survive a failure right after their change is saved (outbox)', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start();
  });
  afterAll(() => system?.stop());

  it('a suspension saved while its event could not be published still ends the sessions and stops the codes', async () => {
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const owner = await subscribedCustomer(system);
    const code = await createCode(owner.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
    failNext(system.apps.get('auth')!.get(MessageBus), 'emitEvent');

    const suspended = await admin.post(`/api/admin/users/${owner.user.id}/status`, { status: 'suspended' });

    // Saved: the admin is told it worked, and it did.
    expect(suspended.status).toBe(200);
    expect(suspended.json.status).toBe('suspended');
    // What follows from it follows within seconds: the owner's session ends, the code stops.
    await waitFor(async () => expect((await owner.client.get('/api/auth/user')).status).toBe(401), 15_000);
    await waitFor(async () => expect((await scan(system.url('redirect'), code.slug)).status).toBe(410), 15_000);
    const [outbox] = await sql<{ undelivered: number }>(system, `SELECT count(*) FILTER (WHERE delivered_at IS NULL)::int AS undelivered FROM auth.outbox`);
    expect(outbox.undelivered).toBe(0);
  });
});
