import { Client } from 'pg';
import { AccountAnalytics, CodeAnalytics, QrCodeView } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { TestSystem } from './harness';
import { PrimaryWithReplica, startPrimaryWithReplica } from './pg-replica';

const DATABASE = 'qrd_replicated';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * docs/scaling.md "PostgreSQL": with ANALYTICS_DATABASE_URL naming a streaming replica, analytics
 * and exports read it, and what must show a change at once (the code itself) reads the primary.
 * The replica's replay is paused to make it lag on purpose.
 */
describe('analytics and exports from a streaming replica', () => {
  let pg: PrimaryWithReplica;
  let system: TestSystem;

  beforeAll(async () => {
    pg = await startPrimaryWithReplica();
    await pg.onPrimary(`CREATE DATABASE ${DATABASE}`);
    system = await TestSystem.start({
      env: { ...BILLING_ENV, ANALYTICS_DATABASE_URL: pg.replicaUrl(DATABASE) },
      // An empty database on the primary, which the services migrate as they start.
      database: { url: pg.primaryUrl(DATABASE), drop: async () => undefined },
    });
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await pg?.stop();
  });

  /** Scans of the code stored on the primary, read there directly. */
  async function storedScans(codeId: string): Promise<number> {
    const client = new Client({ connectionString: pg.primaryUrl(DATABASE) });
    await client.connect();
    try {
      return (await client.query('SELECT count(*)::int AS n FROM qr.scans WHERE code_id = $1', [codeId])).rows[0].n as number;
    } finally {
      await client.end();
    }
  }

  it('reads analytics and the scans export from the replica, the code itself from the primary', async () => {
    const { client } = await signUp(system);
    const code = (await client.post('/api/qrcodes', { name: 'Replicated', destinationUrl: 'https://example.com/first' })).json as QrCodeView;
    const scan = async () => {
      const res = await fetch(`${system.url('redirect')}/r/${code.slug}`, { redirect: 'manual', headers: { 'user-agent': PHONE } });
      expect(res.status).toBe(302);
    };
    const codeAnalytics = async () => (await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics;
    const accountAnalytics = async () => (await client.get('/api/analytics')).json as AccountAnalytics;
    const exportedRows = async () => (await client.get(`/api/qrcodes/${code.id}/scans.csv`)).text.trim().split('\n').length - 1;

    for (let i = 0; i < 3; i++) await scan();
    await waitFor(async () => expect((await codeAnalytics()).scans).toBe(3), 20_000);

    await pg.pauseReplay();
    try {
      for (let i = 0; i < 2; i++) await scan();
      await waitFor(async () => expect(await storedScans(code.id)).toBe(5), 20_000);
      // Stored on the primary, not yet replayed: the analytics and the export still see three.
      expect((await codeAnalytics()).scans).toBe(3);
      expect((await accountAnalytics()).totalScans).toBe(3);
      expect(await exportedRows()).toBe(3);

      // A change shows at once where the code is read: from the primary.
      const changed = await client.request('PATCH', `/api/qrcodes/${code.id}`, { destinationUrl: 'https://example.com/second' });
      expect(changed.status).toBe(200);
      expect(((await client.get(`/api/qrcodes/${code.id}`)).json as QrCodeView).destinationUrl).toBe('https://example.com/second');
    } finally {
      await pg.resumeReplay();
    }
    await waitFor(async () => expect((await codeAnalytics()).scans).toBe(5), 20_000);
    expect(await exportedRows()).toBe(5);
  });
});
