import { Client } from 'pg';
import { CodeAnalytics, QrCodeView } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { TestSystem } from './harness';
import { PgBouncer, startPgBouncer } from './pgbouncer';

/** Server connections the pooler may open to the test's database: far fewer than the services' clients. */
const POOL_SIZE = 3;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Advisory locks still held in `database`, straight from PostgreSQL. */
async function advisoryLocksIn(database: string): Promise<number> {
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND d.datname = $1`,
      [database],
    );
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

/**
 * docs/scaling.md "PostgreSQL": every service works through PgBouncer in transaction mode with the
 * settings of deploy/pgbouncer/pgbouncer.ini, its clients sharing a few server connections that
 * are handed out in turn.
 */
describe('the services through PgBouncer in transaction mode', () => {
  let bouncer: PgBouncer;
  let system: TestSystem;
  let database: string;

  beforeAll(async () => {
    bouncer = await startPgBouncer({ poolSize: POOL_SIZE });
    system = await TestSystem.start({ env: BILLING_ENV, config: (config) => ({ ...config, databaseUrl: bouncer.via(config.databaseUrl) }) });
    database = new URL(system.config.databaseUrl).pathname.slice(1);
  });
  afterAll(async () => {
    await system?.stop();
    await bouncer?.stop();
  });

  it('starts more replicas: the migration lock is released whichever server connection its statements met', async () => {
    // Each service took and released its schema's migration lock while starting.
    expect(await advisoryLocksIn(database)).toBe(0);
    for (const [name, key] of [['qr', 'qr2'], ['qr', 'qr3'], ['billing', 'billing2']] as const) await system.startService(name, key);
    expect(await advisoryLocksIn(database)).toBe(0);
  });

  it('signs up, bills, creates a code, counts its scans and streams them as CSV, on a few shared server connections', async () => {
    const { client } = await signUp(system);
    const created = await client.post('/api/qrcodes', { name: 'Pooled', destinationUrl: 'https://example.com/pooled' });
    expect(created.status).toBe(201);
    const code = created.json as QrCodeView;

    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${system.url('redirect')}/r/${code.slug}`, { redirect: 'manual', headers: { 'user-agent': PHONE } });
      expect(res.status).toBe(302);
    }
    await waitFor(async () => expect(((await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics).scans).toBe(5), 20_000);

    const updated = await client.request('PATCH', `/api/qrcodes/${code.id}`, { destinationUrl: 'https://example.com/moved' });
    expect(updated.status).toBe(200);
    const scan = await fetch(`${system.url('redirect')}/r/${code.slug}`, { redirect: 'manual', headers: { 'user-agent': PHONE } });
    await waitFor(async () => {
      const again = await fetch(`${system.url('redirect')}/r/${code.slug}`, { redirect: 'manual' });
      expect(again.headers.get('location')).toBe('https://example.com/moved');
    });
    expect(scan.status).toBe(302);

    // The export reads a cursor over several round trips: its server connection stays its own meanwhile.
    const csv = await client.get(`/api/qrcodes/${code.id}/scans.csv`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n').length).toBeGreaterThanOrEqual(1 + 5);

    const pools = (await bouncer.admin('SHOW POOLS')).filter((pool) => pool.database === database);
    const servers = pools.reduce((n, pool) => n + Number(pool.sv_active) + Number(pool.sv_idle) + Number(pool.sv_used) + Number(pool.sv_tested) + Number(pool.sv_login), 0);
    const clients = (await bouncer.admin('SHOW CLIENTS')).filter((c) => c.database === database).length;
    expect(servers).toBeLessThanOrEqual(POOL_SIZE);
    // Seven services' pools (three of them replicas) hold far more clients than there are server connections.
    expect(clients).toBeGreaterThan(POOL_SIZE * 2);
  });
});
