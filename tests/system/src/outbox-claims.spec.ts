import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { Logger } from '@qrd/config';
import { Outbox, outboxTableStatements } from '@qrd/messaging';
import { TestSystem } from './harness';

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;

/**
 * A change's events are delivered before the change is answered. The relay may claim them first
 * (they are due at once): the caller then waits for the relay's round instead of answering while
 * the event is still on its way (a code created and not yet in the redirect table).
 */
describe('outbox: delivering a change\'s events while the relay holds them', () => {
  let system: TestSystem;
  let db: DataSource;
  const schema = `outbox_claims_${Date.now().toString(36)}`;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['qr'] });
    db = system.apps.get('qr')!.get(DataSource);
    await db.query(`CREATE SCHEMA ${schema}`);
    for (const statement of outboxTableStatements(schema)) await db.query(statement);
  }, 60_000);
  afterAll(async () => {
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await system?.stop();
  });

  it('answers only once the relay that claimed the event has delivered it', async () => {
    const delivered: string[] = [];
    const outbox = new Outbox(db, { schema, logger: quiet, deliveries: { 'test.event': async (event) => void delivered.push(event.id) } });
    const id = await db.transaction((tx) => outbox.add(tx, 'test.event', { n: 1 }));

    // Another process's relay claims the event and is still delivering it.
    const relay = new Client({ connectionString: system.config.databaseUrl });
    await relay.connect();
    try {
      await relay.query('BEGIN');
      expect((await relay.query(`SELECT id FROM ${schema}.outbox WHERE id = $1 FOR UPDATE SKIP LOCKED`, [id])).rowCount).toBe(1);
      let answered = false;
      const delivering = outbox.deliver([id]).then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      await relay.query(`UPDATE ${schema}.outbox SET delivered_at = now(), attempts = attempts + 1 WHERE id = $1`, [id]);
      await relay.query('COMMIT');
      await delivering;
    } finally {
      await relay.end();
    }
    // Delivered once, by the relay; the caller did not deliver it a second time.
    expect(delivered).toEqual([]);
    const [row] = (await db.query(`SELECT delivered_at IS NOT NULL AS done FROM ${schema}.outbox WHERE id = $1`, [id])) as { done: boolean }[];
    expect(row.done).toBe(true);
  });
});
