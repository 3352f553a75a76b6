import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { decodeQuotedPrintable, SmtpSink, waitFor } from '@qrd/testing';
import { newUser, PASSWORD, signIn, sql } from './accounts-fixtures';
import { createContentCode, pdf, upload } from './content-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, scan, scansIngested, subscribedCustomer } from './qr-fixtures';

/**
 * Every table of the three schemas that can hold a user's data, read whole as text and searched
 * for the user's id, email and username. The offline card processor's own objects
 * (billing.test_objects) stand for the payment provider's systems, which keep their records.
 */
async function rowsMentioning(system: TestSystem, needles: string[]): Promise<string[]> {
  const tables = await sql<{ name: string }>(
    system,
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_schema IN ('auth', 'qr', 'billing') AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('migrations', 'test_objects', 'test_clock')`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    for (const needle of needles) {
      const [{ count }] = await sql<{ count: number }>(system, `SELECT count(*)::int AS count FROM ${name} t WHERE t::text ILIKE '%' || $1 || '%'`, [needle]);
      if (count > 0) found.push(`${name}: ${count} row(s) with ${needle}`);
    }
  }
  return found;
}

describe('deleting an account', () => {
  let sink: SmtpSink;
  let system: TestSystem;
  let exportsDir: string;
  let contentDir: string;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    exportsDir = await mkdtemp(join(tmpdir(), 'qrd-deletion-exports-'));
    contentDir = await mkdtemp(join(tmpdir(), 'qrd-deletion-content-'));
    system = await TestSystem.start({ env: { SMTP_URL: sink.url, DATA_EXPORT_DIR: exportsDir, CONTENT_STORAGE_DIR: contentDir } });
  });
  afterAll(async () => {
    await system.stop();
    await sink.stop();
    await rm(exportsDir, { recursive: true, force: true });
    await rm(contentDir, { recursive: true, force: true });
  });

  function deletionMail(email: string) {
    return sink.mailsTo(email).find((m) => m.raw.includes('Subject: Your QR Dynamic account has been deleted'));
  }

  async function customerWithData(): Promise<{ customer: Customer; slugs: string[] }> {
    const customer = await subscribedCustomer(system);
    // An endpoint first, so the codes' events are recorded for it too.
    expect((await customer.client.post('/api/webhooks', { url: 'https://hooks.example.com/qr', events: ['code.created', 'scan.created'] })).status).toBe(201);
    const first = await createCode(customer.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const second = await createCode(customer.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    expect((await customer.client.post('/api/api-keys', { name: 'Shop', scope: 'read' })).status).toBe(201);
    for (const slug of [first.slug, second.slug]) expect((await scan(system.url('redirect'), slug)).status).toBe(302);
    await scansIngested(system);
    return { customer, slugs: [first.slug, second.slug] };
  }

  it('needs the password, and a wrong one changes nothing', async () => {
    const { customer, slugs } = await customerWithData();
    const missing = await customer.client.request('DELETE', '/api/account', {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Current password is required');
    const wrong = await customer.client.request('DELETE', '/api/account', { currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual({ currentPassword: 'Current password is incorrect' });

    expect((await customer.client.get('/api/auth/user')).status).toBe(200);
    expect((await scan(system.url('redirect'), slugs[0])).status).toBe(302);
  });

  it('cancels the subscription, stops the codes (410), ends every session, mails the owner and leaves no row of the user', async () => {
    const { customer, slugs } = await customerWithData();
    const { user } = customer;
    const elsewhere = await signIn(system, user);
    const [{ customerId }] = await sql<{ customerId: string }>(
      system,
      `SELECT provider_customer_id AS "customerId" FROM billing.customers WHERE user_id = $1`,
      [user.id],
    );

    // A data export and a profile picture: both must go with the account.
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    const cookie = [...customer.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const uploaded = await fetch(`${customer.client.baseUrl}/api/profile/picture`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'sec-fetch-site': 'same-origin', cookie },
      body: new Uint8Array(picture),
    });
    expect(uploaded.status).toBe(200);
    expect((await customer.client.post('/api/account/data-export')).status).toBe(202);
    await waitFor(async () => expect((await customer.client.get('/api/account/data-export')).json.export).toMatchObject({ status: 'ready' }));
    expect(await readdir(exportsDir)).toHaveLength(1);
    // Uploaded files of content codes, one on a page and one never attached: both go too.
    const attached = await upload(system, customer.client, await pdf(), 'menu.pdf', 'file');
    await createContentCode(customer.client, 'Menu', { type: 'file', fileId: attached.json.id });
    expect((await upload(system, customer.client, await pdf('draft'), 'draft.pdf', 'file')).status).toBe(201);
    expect(await readdir(contentDir)).toHaveLength(2);

    expect((await rowsMentioning(system, [user.id, user.email, user.username])).length).toBeGreaterThanOrEqual(10);

    const deleted = await customer.client.request('DELETE', '/api/account', { currentPassword: PASSWORD });
    expect(deleted.status).toBe(204);

    expect((await customer.client.get('/api/auth/user')).status).toBe(401);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    const again = await system.client().post('/api/login', { username: user.username, password: PASSWORD });
    expect(again.status).toBe(401);
    await waitFor(async () => {
      for (const slug of slugs) expect((await scan(system.url('redirect'), slug)).status).toBe(410);
    });
    await waitFor(async () => expect(await rowsMentioning(system, [user.id, user.email, user.username])).toEqual([]));
    expect(await readdir(exportsDir)).toEqual([]);
    expect(await readdir(contentDir)).toEqual([]);

    // The provider's subscription is cancelled (nothing renews) and our billing record stays, unnamed.
    const subs = await sql<{ status: string }>(
      system,
      `SELECT s.status FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id WHERE c.provider_customer_id = $1`,
      [customerId],
    );
    expect(subs).toEqual([{ status: 'canceled' }]);
    // The signup's receipt came first: the deletion mail is found by its subject.
    const mail = await waitFor(() => deletionMail(user.email) ?? Promise.reject(new Error('no mail yet')));
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain('Subject: Your QR Dynamic account has been deleted');
    expect(text).toContain('Your subscription was cancelled at once');
    // The short links stay taken: a deleted code's slug is never handed to someone else.
    expect(await sql(system, `SELECT 1 FROM qr.codes WHERE slug = ANY($1) AND deleted_at IS NOT NULL`, [slugs])).toHaveLength(2);
  });

  it('lets an admin delete a user (only a superadmin an admin), never themselves here', async () => {
    const { customer, slugs } = await customerWithData();
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const otherAdmin = await newUser(system, { role: 'admin' });
    const adminId = (await admin.get('/api/auth/user')).json.id as string;

    expect((await customer.client.request('DELETE', `/api/admin/users/${otherAdmin.id}`)).status).toBe(403);
    expect((await admin.request('DELETE', `/api/admin/users/${otherAdmin.id}`)).json.message).toBe('Only a superadmin can delete an admin account');
    expect((await admin.request('DELETE', `/api/admin/users/${adminId}`)).status).toBe(403);

    expect((await admin.request('DELETE', `/api/admin/users/${customer.user.id}`)).status).toBe(204);
    expect((await customer.client.get('/api/auth/user')).status).toBe(401);
    await waitFor(async () => expect((await scan(system.url('redirect'), slugs[1])).status).toBe(410));
    const mail = await waitFor(() => deletionMail(customer.user.email) ?? Promise.reject(new Error('no mail yet')));
    expect(decodeQuotedPrintable(mail.raw)).toContain('An administrator deleted your QR Dynamic account');
    await waitFor(async () => expect(await rowsMentioning(system, [customer.user.id, customer.user.email])).toEqual([]));
    expect((await admin.request('DELETE', `/api/admin/users/${customer.user.id}`)).status).toBe(404);
  });
});
