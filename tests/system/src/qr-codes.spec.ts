import { QR_MESSAGES } from '@qrd/contracts';
import { newUser, signIn } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, scan, subscribedCustomer } from './qr-fixtures';

describe('QR codes (gateway -> qr-service, billing seats, redirect table)', () => {
  let system: TestSystem;
  let alice: Customer;

  beforeAll(async () => {
    // A public host with a dot, like production (a bare "localhost" is not a valid destination host).
    system = await TestSystem.start({ env: { PUBLIC_BASE_URL: 'http://qr.example.test:8080' } });
    alice = await subscribedCustomer(system);
  });
  afterAll(() => system.stop());

  it('creates a code with a 7-character short link that every image will encode', async () => {
    const sut = alice.client;

    const created = await sut.post('/api/qrcodes', { name: 'Menu', destinationUrl: 'https://example.com/menu', category: 'restaurant' });

    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Menu', destinationUrl: 'https://example.com/menu', category: 'restaurant', state: 'active' });
    expect(created.json.slug).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(created.json.shortUrl).toBe(`${system.config.publicBaseUrl}/r/${created.json.slug}`);
    const list = await sut.get('/api/qrcodes');
    expect(list.json.map((c: { id: string }) => c.id)).toEqual([created.json.id]);
    const one = await sut.get(`/api/qrcodes/${created.json.id}`);
    expect(one.json).toMatchObject({ name: 'Menu', destinationUrl: 'https://example.com/menu', totalScans: 0, lastScanAt: null });
  });

  it('needs a free seat: the second code only after buying one more', async () => {
    const sut = alice.client;

    const refused = await sut.post('/api/qrcodes', { name: 'Second', destinationUrl: 'https://example.com/2' });
    expect(refused.status).toBe(402);
    expect(refused.json.message).toMatch(/in use/);

    const code = await createCode(sut, { name: 'Second', destinationUrl: 'https://example.com/2' }, { buySeat: true });
    expect(code.name).toBe('Second');
    expect((await sut.get('/api/subscription')).json).toMatchObject({ seats: 2, seatsUsed: 2 });
  });

  it('refuses a user without a subscription', async () => {
    const sut = await signIn(system, await newUser(system));

    const res = await sut.post('/api/qrcodes', { name: 'Nope', destinationUrl: 'https://example.com' });

    expect(res.status).toBe(402);
    expect(res.json.message).toMatch(/^Subscription Required/);
  });

  it.each([
    ['an empty name', { name: '', destinationUrl: 'https://example.com' }, 'name', 'Name is required'],
    ['a 101-character name', { name: 'x'.repeat(101), destinationUrl: 'https://example.com' }, 'name', 'Name is too long'],
    ['an empty URL', { name: 'Menu', destinationUrl: '' }, 'destinationUrl', 'URL is required'],
    ['a URL without scheme', { name: 'Menu', destinationUrl: 'example.com' }, 'destinationUrl', QR_MESSAGES.urlInvalid],
    ['a javascript: URL', { name: 'Menu', destinationUrl: 'javascript:alert(1)' }, 'destinationUrl', QR_MESSAGES.urlInvalid],
    ['an ftp: URL', { name: 'Menu', destinationUrl: 'ftp://example.com/file' }, 'destinationUrl', QR_MESSAGES.urlInvalid],
    ['a URL over 2048 characters', { name: 'Menu', destinationUrl: `https://example.com/${'a'.repeat(2048)}` }, 'destinationUrl', QR_MESSAGES.urlTooLong],
    ['a URL with credentials', { name: 'Menu', destinationUrl: 'https://user:secret@example.com/' }, 'destinationUrl', QR_MESSAGES.urlCredentials],
  ])('refuses %s with a clear message', async (_label, body, field, message) => {
    const res = await alice.client.post('/api/qrcodes', body);

    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(res.json.fields[field]).toBe(message);
  });

  it.each([
    ['as written', (base: URL) => `${base.origin}/r/AbCdEf1`],
    ['with a trailing dot', (base: URL) => `${base.protocol}//${base.hostname}.:${base.port}/r/AbCdEf1`],
    ['in upper case on another port', (base: URL) => `${base.protocol}//${base.hostname.toUpperCase()}:1/r/AbCdEf1`],
    ['percent-encoded', (base: URL) => `${base.origin}/%72/AbCdEf1`],
  ])('refuses one of our own short links %s as a destination (a redirect loop)', async (_label, spell) => {
    const [code] = (await alice.client.get('/api/qrcodes')).json;

    const res = await alice.client.patch(`/api/qrcodes/${code.id}`, { destinationUrl: spell(new URL(system.config.publicBaseUrl)) });

    expect(res.status).toBe(400);
    expect(res.json.fields.destinationUrl).toBe(QR_MESSAGES.urlOwnRedirect);
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.destinationUrl).toBe(code.destinationUrl);
  });

  it.each([
    'http://10.0.0.7/menu',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/',
    'http://localhost.:3000/',
    'http://2130706433:8080/r/AbCdEf1',
    'http://[::1]:8080/',
  ])(
    'refuses %s: scanners would be sent into their own network',
    async (destinationUrl) => {
      const res = await alice.client.post('/api/qrcodes', { name: 'Intranet', destinationUrl });

      expect(res.status).toBe(400);
      expect(res.json.fields.destinationUrl).toBe(QR_MESSAGES.urlPrivateNetwork);
    },
  );

  it("treats another user's code exactly like a missing one", async () => {
    const [code] = (await alice.client.get('/api/qrcodes')).json;
    const bob = await subscribedCustomer(system);
    const missing = '00000000-0000-4000-8000-000000000000';

    for (const id of [code.id, missing, 'not-a-uuid']) {
      expect((await bob.client.get(`/api/qrcodes/${id}`)).status).toBe(404);
      expect((await bob.client.patch(`/api/qrcodes/${id}`, { name: 'mine now' })).status).toBe(404);
      expect((await bob.client.post(`/api/qrcodes/${id}/deactivate`)).status).toBe(404);
      expect((await bob.client.get(`/api/qrcodes/${id}/preview`)).status).toBe(404);
      expect((await bob.client.get(`/api/qrcodes/${id}/download?format=png`)).status).toBe(404);
      expect((await bob.client.get(`/api/qrcodes/${id}/analytics`)).status).toBe(404);
      expect((await bob.client.get(`/api/qrcodes/${id}/scans.csv`)).status).toBe(404);
      expect((await bob.client.delete(`/api/qrcodes/${id}`)).status).toBe(404);
    }
    expect((await bob.client.get(`/api/qrcodes/${code.id}`)).json.message).toBe('QR code not found');
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.name).toBe(code.name);
  });

  it('updates name, destination and category, keeping the short link', async () => {
    const [code] = (await alice.client.get('/api/qrcodes')).json;

    const res = await alice.client.patch(`/api/qrcodes/${code.id}`, {
      name: 'Lunch menu',
      destinationUrl: 'https://example.com/lunch',
      category: 'business',
    });

    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Lunch menu', destinationUrl: 'https://example.com/lunch', category: 'business', slug: code.slug });
  });

  it('deactivates and activates for real', async () => {
    const [code] = (await alice.client.get('/api/qrcodes')).json;

    const off = await alice.client.post(`/api/qrcodes/${code.id}/deactivate`);
    expect(off.json).toMatchObject({ state: 'deactivated', deactivatedByOwner: true });
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(410);

    const on = await alice.client.post(`/api/qrcodes/${code.id}/activate`);
    expect(on.json).toMatchObject({ state: 'active', deactivatedByOwner: false });
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
  });

  it('deletes a code: its short link is gone and its seat stays free for the next code', async () => {
    const codes = (await alice.client.get('/api/qrcodes')).json;
    const doomed = codes[0];

    expect((await alice.client.delete(`/api/qrcodes/${doomed.id}`)).status).toBe(204);

    expect((await alice.client.get(`/api/qrcodes/${doomed.id}`)).status).toBe(404);
    expect((await alice.client.get('/api/qrcodes')).json).toHaveLength(codes.length - 1);
    expect((await scan(system.url('redirect'), doomed.slug)).status).toBe(404);
    // The seat stays paid until the period ends (the renewal drops seats no code uses): the next code takes it, nothing charged.
    expect((await alice.client.get('/api/subscription')).json).toMatchObject({ seats: codes.length, seatsUsed: codes.length - 1 });
    const purchase = await alice.client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(purchase.json).toMatchObject({ charged: false, amountChargedCents: 0 });
    const again = await createCode(alice.client, { name: 'Replacement', destinationUrl: 'https://example.com/new' });
    expect(again.slug).not.toBe(doomed.slug);
    expect((await alice.client.get('/api/subscription')).json).toMatchObject({ seats: codes.length, seatsUsed: codes.length });
  });

  it('gives admins the overview of every code, and nobody else', async () => {
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const codes = (await alice.client.get('/api/qrcodes')).json;

    const overview = await admin.get('/api/admin/qr-codes?page=1&pageSize=10');

    expect(overview.status).toBe(200);
    expect(overview.json).toMatchObject({ total: expect.any(Number), scansToday: expect.any(Number), page: 1, pageSize: 10 });
    expect(overview.json.total).toBeGreaterThanOrEqual(codes.length);
    expect(overview.json.byState.active + overview.json.byState.deactivated + overview.json.byState.suspended).toBe(overview.json.total);
    expect(overview.json.items.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(codes.map((c: { id: string }) => c.id)));
    expect((await alice.client.get('/api/admin/qr-codes')).status).toBe(403);
  });

  it('requires a session', async () => {
    const anonymous = system.client();

    expect((await anonymous.get('/api/qrcodes')).status).toBe(401);
    expect((await anonymous.post('/api/qrcodes', { name: 'x', destinationUrl: 'https://example.com' })).status).toBe(401);
  });
});
