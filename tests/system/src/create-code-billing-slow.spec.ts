import { Queue } from 'bullmq';
import { BillingPattern, queueForPattern } from '@qrd/contracts';
import { bullPrefix, redisOptions } from '@qrd/messaging';
import { waitFor } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { BILLING_ENV } from './billing-fixtures';
import { TestSystem } from './harness';
import { subscribedCustomer } from './qr-fixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creating a code asks billing for the subscription's seats. While billing is slow, the creation
 * waits without a PostgreSQL transaction or the owner's lock: other requests of the same owner, and
 * the database's connections, are not held hostage by another service.
 */
describe('creating a code while billing is slow', () => {
  let system: TestSystem;
  let billingQueue: Queue;

  beforeAll(async () => {
    system = await TestSystem.start({ env: BILLING_ENV });
    billingQueue = new Queue(queueForPattern(BillingPattern.Entitlement), {
      connection: redisOptions(system.config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(system.config.redisPrefix),
    });
  }, 60_000);
  afterAll(async () => {
    await billingQueue?.resume();
    await billingQueue?.close();
    await system?.stop();
  });

  it('holds no transaction and no lock while billing has not answered, then creates the code once it does', async () => {
    const owner = await subscribedCustomer(system);
    await billingQueue.pause();
    const creation = owner.client.post('/api/qrcodes', { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    try {
      // The creation now waits for billing's answer.
      await waitFor(async () => expect(await billingQueue.getWaitingCount()).toBeGreaterThan(0));
      const waitingSince = new Date();
      await sleep(1000);

      // A transaction open across the wait would have started before it and still be open now.
      const held = await sql<{ pid: number; state: string; query: string }>(
        system,
        `SELECT pid, state, query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start < $1`,
        [waitingSince],
      );
      expect(held).toEqual([]);
      // This test's database only: other test files share the server, and their services take advisory locks of their own.
      expect(
        await sql(system, `SELECT l.pid FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND d.datname = current_database()`),
      ).toEqual([]);
    } finally {
      await billingQueue.resume();
    }
    const created = await creation;
    expect(created.status).toBe(201);
    expect((await owner.client.get('/api/subscription')).json).toMatchObject({ seats: 1, seatsUsed: 1 });
  });
});
