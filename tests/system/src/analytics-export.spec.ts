import { waitFor } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

/** More rows than the export ever held in one answer (it stopped at 100,000). */
const ROWS = 100_250;

/** Scans written straight to qr.scans over the last 20 days, newest at `now - 1 s`. */
async function storeScans(system: TestSystem, codeId: string, count: number, now: Date): Promise<void> {
  await sql(
    system,
    `INSERT INTO qr.scans (scan_id, code_id, owner_id, scanned_at, is_bot, bot_reason, method, device, os, browser,
                           country, region, city, referrer, language, visitor_hash)
     SELECT gen_random_uuid(), c.id, c.owner_id, $2::timestamptz - (n * interval '17 seconds'), n % 10 = 0,
            CASE WHEN n % 10 = 0 THEN 'crawler' END, 'GET', 'mobile', 'iOS', 'Mobile Safari', 'GB', 'England',
            'Bracknell', 'www.instagram.com', 'en-GB', md5(n::text)
     FROM qr.codes c, generate_series(1, $3::int) n WHERE c.id = $1`,
    [codeId, now.toISOString(), count],
  );
}

describe('scans export', () => {
  let system: TestSystem;
  let alice: Customer;
  let code: { id: string };
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);

  beforeAll(async () => {
    system = await TestSystem.start();
    alice = await subscribedCustomer(system);
    code = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' });
    await storeScans(system, code.id, ROWS, now);
  }, 120_000);
  afterAll(() => system?.stop());

  it('streams every stored scan of a code, newest first, however many there are', async () => {
    const res = await alice.client.get(`/api/qrcodes/${code.id}/scans.csv`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="scans-${code.id}.csv"`);
    // Sent as it is read, not built whole first.
    expect([res.headers.get('transfer-encoding'), res.headers.get('content-length')]).toEqual(['chunked', null]);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1].split(',')[0]).toBe(new Date(now.getTime() - 17_000).toISOString());
    expect(lines[ROWS].split(',')[0]).toBe(new Date(now.getTime() - ROWS * 17_000).toISOString());
    expect(lines.filter((line) => line.split(',')[1] === 'true')).toHaveLength(ROWS / 10);
  });

  it('stops reading the database when the browser leaves part way', async () => {
    const cancel = new AbortController();
    const cookie = [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/scans.csv`, { headers: { cookie }, signal: cancel.signal });
    const reader = res.body!.getReader();
    await reader.read();
    // The export is under way: its query holds a connection.
    const exporting = () =>
      sql(system, `SELECT state FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%FROM qr.scans WHERE code_id%' AND pid <> pg_backend_pid() AND state <> 'idle'`);
    expect((await exporting()).length).toBe(1);

    cancel.abort();

    await waitFor(async () => expect(await exporting()).toEqual([]));
    // And the qr-service still answers: its connection went back to the pool.
    expect((await alice.client.get(`/api/qrcodes/${code.id}/analytics`)).status).toBe(200);
  });

  it('answers 404 for another user\'s code, with nothing sent', async () => {
    const bob = await subscribedCustomer(system);
    const res = await bob.client.get(`/api/qrcodes/${code.id}/scans.csv`);

    expect(res.status).toBe(404);
    expect(res.json.message).toEqual(expect.any(String));
  });
});
