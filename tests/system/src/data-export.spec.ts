import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeQuotedPrintable, SmtpSink, waitFor } from '@qrd/testing';
import { newUser, sql, signIn } from './accounts-fixtures';
import { csvRows, downloadAs, unzip } from './data-export-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, scan, scansIngested, subscribedCustomer } from './qr-fixtures';
import { DataExportsService } from '../../../apps/qr-service/src/data-export/data-exports.service';

describe('exporting my data', () => {
  let sink: SmtpSink;
  let system: TestSystem;
  let dir: string;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    dir = await mkdtemp(join(tmpdir(), 'qrd-exports-'));
    system = await TestSystem.start({ env: { SMTP_URL: sink.url, DATA_EXPORT_DIR: dir, RATE_LIMIT_DATA_EXPORTS_PER_DAY: '3' } });
  });
  afterAll(async () => {
    await system.stop();
    await sink.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts an export and waits for its mail; answers the mailed download path. */
  async function exportOf(customer: Customer): Promise<{ exportId: string; path: string; mailText: string }> {
    const started = await customer.client.post('/api/account/data-export');
    expect(started.status).toBe(202);
    expect(['queued', 'running', 'ready']).toContain(started.json.status);
    const exportId = started.json.id as string;
    const mail = await waitFor(async () => {
      const found = sink.mailsTo(customer.user.email).find((m) => decodeQuotedPrintable(m.raw).includes(exportId));
      if (found) return found;
      const [row] = await sql(system, `SELECT status, progress, error FROM qr.data_exports WHERE id = $1`, [exportId]);
      throw new Error(`no mail yet; the export is ${JSON.stringify(row)}`);
    });
    const mailText = decodeQuotedPrintable(mail.raw);
    const link = new RegExp(`${system.config.publicBaseUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/api/account/data-export/[0-9a-f-]+/download)`).exec(mailText);
    if (!link) throw new Error(`no download link in the mail:\n${mailText}`);
    return { exportId, path: link[1], mailText };
  }

  it('zips every code and every scan of the account, mails the link, and only the owner can download it', async () => {
    const customer = await subscribedCustomer(system);
    const codes = [
      await createCode(customer.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' }),
      await createCode(customer.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true }),
      await createCode(customer.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' }, { buySeat: true }),
    ];
    expect((await customer.client.request('PATCH', `/api/qrcodes/${codes[0].id}`, { destinationUrl: 'https://example.com/menu-2' })).status).toBe(200);
    const scansPerCode = [3, 1, 0];
    for (const [i, count] of scansPerCode.entries()) for (let n = 0; n < count; n++) expect((await scan(system.url('redirect'), codes[i].slug)).status).toBe(302);
    await scansIngested(system);
    // Someone else's code and scan must not appear.
    const stranger = await subscribedCustomer(system);
    const theirs = await createCode(stranger.client, { name: 'Not yours', destinationUrl: 'https://example.com/theirs' });
    expect((await scan(system.url('redirect'), theirs.slug)).status).toBe(302);
    await scansIngested(system);

    const { exportId, path, mailText } = await exportOf(customer);
    expect(mailText).toContain('Subject: Your QR Dynamic data export is ready');
    expect(mailText).toContain('the link works only for you');

    const latest = await customer.client.get('/api/account/data-export');
    expect(latest.json.export).toMatchObject({ id: exportId, status: 'ready', progress: 100, codes: 3, scans: 4 });

    const zip = await downloadAs(customer.client, path);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="qr-dynamic-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(zip.body);
    const file = (name: string): string => files.get(name) ?? '';
    expect([...files.keys()].sort()).toEqual(['README.txt', 'billing.json', 'codes.csv', 'codes.json', 'conversions.csv', 'profile.json', 'scans.csv']);

    const profile = JSON.parse(file('profile.json'));
    expect(profile.user).toMatchObject({ id: customer.user.id, email: customer.user.email, username: customer.user.username });
    expect(files.get('profile.json')).not.toMatch(/password_?hash|\$argon2/i);
    const billing = JSON.parse(file('billing.json'));
    expect(billing.subscriptions).toEqual([expect.objectContaining({ status: 'active', seats: 3, interval: 'monthly' })]);

    const exportedCodes = JSON.parse(file('codes.json')) as { id: string; destination: string; history: { redirectVersion: number; destinationUpdatedAt: string | null }; scans: { total: number } }[];
    expect(exportedCodes.map((c) => c.id).sort()).toEqual(codes.map((c) => c.id).sort());
    const menu = exportedCodes.find((c) => c.id === codes[0].id);
    expect(menu?.destination).toBe('https://example.com/menu-2');
    expect(menu?.history.destinationUpdatedAt).not.toBeNull();
    expect(csvRows(file('codes.csv')).rows).toHaveLength(3);

    const scans = csvRows(file('scans.csv'));
    expect(scans.header.slice(0, 4)).toEqual(['scan_id', 'code_id', 'slug', 'scanned_at']);
    const stored = await sql<{ scan_id: string }>(system, `SELECT scan_id FROM qr.scans WHERE owner_id = $1`, [customer.user.id]);
    expect(scans.rows.map((row) => row[0]).sort()).toEqual(stored.map((s) => s.scan_id).sort());
    expect(scans.rows).toHaveLength(4);
    for (const [i, count] of scansPerCode.entries()) expect(scans.rows.filter((row) => row[1] === codes[i].id)).toHaveLength(count);
    expect(files.get('scans.csv')).not.toContain(theirs.id);

    // The link is the owner's: another signed-in user, and nobody signed out, gets nothing.
    expect((await downloadAs(stranger.client, path)).status).toBe(404);
    expect((await downloadAs(system.client(), path)).status).toBe(401);
    expect((await downloadAs(await signIn(system, await newUser(system, { role: 'admin' })), path)).status).toBe(404);
  });

  it('stops working once expired, and the sweep deletes the file', async () => {
    const customer = await subscribedCustomer(system);
    await createCode(customer.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const { exportId, path } = await exportOf(customer);
    expect((await downloadAs(customer.client, path)).status).toBe(200);
    expect(await readdir(dir)).toContain(`${exportId}.zip`);

    await sql(system, `UPDATE qr.data_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [exportId]);
    const expired = await downloadAs(customer.client, path);
    expect(expired.status).toBe(410);
    expect(JSON.parse(expired.body.toString()).message).toBe('This export has expired. Start a new one from your account page.');
    expect((await customer.client.get('/api/account/data-export')).json.export).toMatchObject({ id: exportId, status: 'expired' });

    const qr = system.apps.get('qr');
    if (!qr) throw new Error('the qr-service is not running');
    const sweeper = qr.get(DataExportsService);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await readdir(dir)).not.toContain(`${exportId}.zip`);
    expect((await downloadAs(customer.client, path)).status).toBe(404);
  });

  it('joins a build already running instead of starting a second, and refuses ids that are not exports', async () => {
    const customer = await subscribedCustomer(system);
    const [first, second] = await Promise.all([customer.client.post('/api/account/data-export'), customer.client.post('/api/account/data-export')]);
    expect([first.status, second.status]).toEqual([202, 202]);
    const rows = await sql<{ n: number }>(system, `SELECT count(*)::int AS n FROM qr.data_exports WHERE owner_id = $1`, [customer.user.id]);
    // Both answers name one build unless the first finished before the second arrived.
    expect(rows[0].n === 1 ? first.json.id === second.json.id : rows[0].n === 2).toBe(true);
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '%E0%A4%A']) {
      const res = await downloadAs(customer.client, `/api/account/data-export/${bad}/download`);
      expect([400, 404]).toContain(res.status);
    }
    expect((await system.client().get('/api/account/data-export')).status).toBe(401);

    // Each build reads every scan of the account: a user starts at most RATE_LIMIT_DATA_EXPORTS_PER_DAY a day.
    await waitFor(async () => expect((await customer.client.get('/api/account/data-export')).json.export).toMatchObject({ status: 'ready' }));
    expect((await customer.client.post('/api/account/data-export')).status).toBe(202);
    const limited = await customer.client.post('/api/account/data-export');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const none = await signIn(system, await newUser(system));
    expect((await none.get('/api/account/data-export')).json).toEqual({ export: null });
  });
});
