import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import dns2 from 'dns2';
import { Client } from 'pg';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { BULK_IMPORT_MESSAGES, BulkImportView, DOMAIN_MESSAGES, DomainView, QrCodeView, SLUG_MESSAGES } from '@qrd/contracts';
import { decodeQuotedPrintable, SmtpSink, waitFor } from '@qrd/testing';
import { newUser, signIn } from './accounts-fixtures';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { importDone, upload } from './bulk-import-fixtures';
import { CaddyEdge, startCaddy } from './caddy-edge';
import { TestSystem } from './harness';

const run = promisify(execFile);
const DOMAIN = 'qr.example.test';

/** A DNS server on loopback whose TXT records the test writes (the domain's owner at their DNS host). */
async function startDns(): Promise<{ port: number; txt: Map<string, string[]>; close(): Promise<void> }> {
  const txt = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (req, send) => {
      const res = dns2.Packet.createResponseFromRequest(req);
      const [question] = req.questions;
      const values = question.type === dns2.Packet.TYPE.TXT ? txt.get(question.name.toLowerCase()) : undefined;
      // The library's types describe parsed answers; a plain TXT answer is what its encoder takes.
      for (const data of values ?? []) (res.answers as unknown[]).push({ name: question.name, type: dns2.Packet.TYPE.TXT, class: dns2.Packet.CLASS.IN, ttl: 1, data });
      send(res);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = listening.udp?.port;
  if (!port) throw new Error('the DNS server did not start');
  return { port, txt, close: () => server.close() };
}

/** A GET with the Host header a scanner's phone sends. */
function getOn(base: string, host: string, path: string): Promise<{ status: number; location: string | undefined; hsts?: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, 'user-agent': 'Mozilla/5.0 (iPhone) custom-domain test' } }, (res) => {
      res.resume();
      const hsts = res.headers['strict-transport-security'];
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, ...(hsts ? { hsts } : {}) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('custom short domains', () => {
  let system: TestSystem;
  let dns: Awaited<ReturnType<typeof startDns>>;
  let caddy: CaddyEdge | undefined;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    dns = await startDns();
    system = await TestSystem.start({
      services: ['auth', 'qr', 'billing', 'gateway', 'redirect'],
      // Our own host is a name (as in production), so that adding it, or a name under it, is refused.
      env: { ...BILLING_ENV, PUBLIC_BASE_URL: 'http://links.example.com:8080', SMTP_URL: sink.url, DNS_SERVERS: `127.0.0.1:${dns.port}`, DOMAIN_CHECK_EVERY_MS: '500', DOMAIN_GRACE_MS: '3600000' },
    });
  });
  afterAll(async () => {
    await caddy?.stop();
    await system?.stop();
    await dns?.close();
    await sink?.stop();
  });

  it('verifies a domain by its TXT record, serves its own slugs over HTTPS with a certificate only it gets, and loses it when the record goes', async () => {
    const { client, details } = await signUp(system);
    const other = await signUp(system);

    // Names that cannot be a customer's: each a clear 400, nothing stored.
    const ownHost = new URL(system.config.publicBaseUrl).hostname;
    for (const [hostname, message] of [
      ['localhost', DOMAIN_MESSAGES.local],
      ['127.0.0.1', DOMAIN_MESSAGES.ip],
      ['co.uk', DOMAIN_MESSAGES.publicSuffix],
      [`${'a'.repeat(60)}.`.repeat(5) + 'com', DOMAIN_MESSAGES.tooLong],
      [ownHost, DOMAIN_MESSAGES.ownHost],
      [`go.${ownHost}`, DOMAIN_MESSAGES.ownHost],
    ]) {
      const refused = await client.post('/api/domains', { hostname });
      expect([refused.status, refused.json.message]).toEqual([400, message]);
    }
    const tooLong = await client.post('/api/domains', { hostname: 'a'.repeat(300) });
    expect(tooLong.status).toBe(400);
    expect((await client.get('/api/domains')).json).toEqual([]);

    // Unicode is stored as punycode and shown in both forms.
    const unicode = await client.post('/api/domains', { hostname: 'QR.Bücher.test' });
    expect(unicode.status).toBe(201);
    expect(unicode.json).toMatchObject({ hostname: 'qr.xn--bcher-kva.test', unicodeHostname: 'qr.bücher.test', state: 'pending' });

    const added = await client.post('/api/domains', { hostname: DOMAIN });
    expect(added.status).toBe(201);
    const domain = added.json as DomainView;
    expect(domain).toMatchObject({ hostname: DOMAIN, state: 'pending', dns: { challenge: { type: 'TXT', name: `_qrd-challenge.${DOMAIN}` } } });
    expect((await client.post('/api/domains', { hostname: DOMAIN })).status).toBe(409);

    // Not verified: no certificate may be asked for it, and a code cannot use it.
    const ask = (name: string) => fetch(`${system.url('gateway')}/api/domains/certificate-allowed?domain=${encodeURIComponent(name)}`);
    expect((await ask(DOMAIN)).status).toBe(404);
    const early = await client.post('/api/qrcodes', { name: 'Early', destinationUrl: 'https://example.com/early', domainId: domain.id });
    expect([early.status, early.json.message]).toEqual([400, DOMAIN_MESSAGES.notVerified]);
    const checked = await client.post(`/api/domains/${domain.id}/check`, {});
    expect(checked.json).toMatchObject({ state: 'pending', reason: `No TXT record _qrd-challenge.${DOMAIN} was found` });

    // The owner publishes the record: verified.
    dns.txt.set(`_qrd-challenge.${DOMAIN}`, [domain.dns.challenge.value]);
    expect((await client.post(`/api/domains/${domain.id}/check`, {})).json).toMatchObject({ state: 'verified', reason: null });
    expect((await ask(DOMAIN)).status).toBe(200);
    expect((await ask('other.example.test')).status).toBe(404);
    expect((await ask(ownHost)).status).toBe(200);
    // Another workspace cannot take a name this one verified (and is not told whose it is).
    const taken = await other.client.post('/api/domains', { hostname: DOMAIN });
    expect([taken.status, taken.json.message]).toEqual([409, DOMAIN_MESSAGES.taken]);

    // The same slug on the domain and on the default host: two codes, two destinations.
    const branded = await client.post('/api/qrcodes', { name: 'Branded menu', destinationUrl: 'https://example.com/branded', slug: 'menu-x1', domainId: domain.id });
    expect(branded.status).toBe(201);
    expect(branded.json as QrCodeView).toMatchObject({ shortUrl: `https://${DOMAIN}/menu-x1`, domain: DOMAIN });
    // The short link is free on the default host, taken on the domain.
    const free = (domainId?: string) => client.get(`/api/qrcodes/slug-availability?slug=menu-x1${domainId ? `&domainId=${domainId}` : ''}`);
    expect((await free()).json).toEqual({ slug: 'menu-x1', available: true });
    expect((await free(domain.id)).json).toMatchObject({ slug: 'menu-x1', available: false });
    const plain = await other.client.post('/api/qrcodes', { name: 'Plain menu', destinationUrl: 'https://example.com/plain', slug: 'menu-x1' });
    expect(plain.status).toBe(201);
    expect((plain.json as QrCodeView).shortUrl).toBe(`${system.config.publicBaseUrl}/r/menu-x1`);

    const redirect = system.url('redirect');
    await waitFor(async () => expect(await getOn(redirect, DOMAIN, '/r/menu-x1')).toEqual({ status: 302, location: 'https://example.com/branded' }));
    expect(await getOn(redirect, new URL(redirect).host, '/r/menu-x1')).toEqual({ status: 302, location: 'https://example.com/plain' });
    // A host we do not serve: 404 from memory.
    expect((await getOn(redirect, 'unknown.example.test', '/r/menu-x1')).status).toBe(404);

    // The downloaded PNG encodes the domain's link.
    const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const png = await fetch(`${system.url('gateway')}/api/qrcodes/${(branded.json as QrCodeView).id}/download?format=png&size=512`, { headers: { cookie } });
    expect(png.status).toBe(200);
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`https://${DOMAIN}/menu-x1`);

    // Through the TLS edge: a certificate for the verified domain only, and the redirect.
    caddy = await startCaddy({ upstream: redirect, askUrl: `${system.url('gateway')}/api/domains/certificate-allowed`, publicHost: 'edge.example.test' });
    const curl = (host: string, path: string) =>
      run('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{redirect_url}', '--resolve', `${host}:${caddy?.httpsPort}:127.0.0.1`, '--cacert', caddy?.rootCertPath ?? '', `https://${host}:${caddy?.httpsPort}${path}`]);
    const scanned = await curl(DOMAIN, '/menu-x1');
    expect(scanned.stdout).toBe('302 https://example.com/branded');
    await expect(curl('qr.xn--bcher-kva.test', '/menu-x1')).rejects.toThrow();

    // Scans go to the code that was scanned (curl counts as a bot, not a scan).
    await waitFor(async () => {
      const codes = (await client.get('/api/qrcodes')).json as QrCodeView[];
      expect(codes.find((c) => c.slug === 'menu-x1')?.totalScans).toBeGreaterThanOrEqual(1);
    });
    await waitFor(async () => expect(((await other.client.get('/api/qrcodes')).json as QrCodeView[])[0].totalScans).toBe(1));

    // The record removed: misconfigured at the next scheduled check (links keep working in the grace period).
    dns.txt.delete(`_qrd-challenge.${DOMAIN}`);
    await waitFor(async () => {
      const listed = ((await client.get('/api/domains')).json as DomainView[]).find((d) => d.id === domain.id);
      expect(listed).toMatchObject({ state: 'misconfigured', reason: `No TXT record _qrd-challenge.${DOMAIN} was found` });
      expect(listed?.disablesAt).not.toBeNull();
    }, 10_000);
    expect(await getOn(redirect, DOMAIN, '/r/menu-x1')).toEqual({ status: 302, location: 'https://example.com/branded' });
    // Its owner is told, with the date the links stop.
    const mail = await waitFor(() => {
      const found = sink.mailsTo(details.email).map((m) => decodeQuotedPrintable(m.raw)).find((raw) => raw.includes(`Your custom domain ${DOMAIN} needs attention`));
      expect(found).toBeDefined();
      return found as string;
    });
    expect(mail).toContain(`No TXT record _qrd-challenge.${DOMAIN} was found`);
    expect(mail).toMatch(/keep working until \w{3}, \d\d \w{3} \d{4}/);

    // A domain codes use cannot be removed; an unused one can.
    expect((await client.delete(`/api/domains/${domain.id}`)).status).toBe(409);
    expect((await client.delete(`/api/domains/${(unicode.json as DomainView).id}`)).status).toBe(204);
  });

  it('an admin of the product sees every domain and disables one: its links stop at once and its managers are told why', async () => {
    const { client, details } = await signUp(system);
    const hostname = 'promo.example.test';
    const domain = (await client.post('/api/domains', { hostname })).json as DomainView;
    dns.txt.set(`_qrd-challenge.${hostname}`, [domain.dns.challenge.value]);
    expect((await client.post(`/api/domains/${domain.id}/check`, {})).json.state).toBe('verified');
    const code = (await client.post('/api/qrcodes', { name: 'Promo', destinationUrl: 'https://example.com/promo', domainId: domain.id })).json as QrCodeView;
    const redirect = system.url('redirect');
    await waitFor(async () => expect((await getOn(redirect, hostname, `/r/${code.slug}`)).status).toBe(302));

    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    expect((await client.get('/api/admin/domains')).status).toBe(403);
    const listed = (await admin.get('/api/admin/domains')).json as (DomainView & { workspaceId: string })[];
    expect(listed.find((d) => d.id === domain.id)).toMatchObject({ hostname, state: 'verified', codes: 1 });
    expect((await admin.post(`/api/admin/domains/${domain.id}/status`, { disabled: 'yes' })).status).toBe(400);
    const disabled = await admin.post(`/api/admin/domains/${domain.id}/status`, { disabled: true, reason: 'Phishing pages reported' });
    expect(disabled.json).toMatchObject({ state: 'disabled', reason: 'Phishing pages reported' });
    await waitFor(async () => expect((await getOn(redirect, hostname, `/r/${code.slug}`)).status).toBe(404));
    expect((await fetch(`${system.url('gateway')}/api/domains/certificate-allowed?domain=${hostname}`)).status).toBe(404);
    // The schedule does not verify it again behind the admin's back, and the workspace cannot either.
    expect((await client.post(`/api/domains/${domain.id}/check`, {})).json.state).toBe('disabled');
    await waitFor(() =>
      expect(sink.mailsTo(details.email).map((m) => decodeQuotedPrintable(m.raw)).find((raw) => raw.includes('Phishing pages reported'))).toBeDefined(),
    );
    // Enabled again: checked at once, verified, links back.
    expect((await admin.post(`/api/admin/domains/${domain.id}/status`, { disabled: false })).json.state).toBe('verified');
    await waitFor(async () => expect((await getOn(redirect, hostname, `/r/${code.slug}`)).status).toBe(302));
  });

  it('sends a domain\'s root, unknown links and expired codes where its workspace chose, with HSTS only when turned on, and moves a code there only once confirmed', async () => {
    const { client } = await signUp(system);
    const hostname = 'shop.example.test';
    const domain = (await client.post('/api/domains', { hostname })).json as DomainView;
    expect(domain).toMatchObject({ rootRedirect: null, notFoundRedirect: null, expiredRedirect: null, hsts: false });
    dns.txt.set(`_qrd-challenge.${hostname}`, [domain.dns.challenge.value]);
    expect((await client.post(`/api/domains/${domain.id}/check`, {})).json.state).toBe('verified');
    const redirect = system.url('redirect');

    // Until set: our own pages, and no HSTS.
    await waitFor(async () => expect(await getOn(redirect, hostname, '/r/')).toEqual({ status: 404, location: undefined }));
    expect((await client.patch(`/api/domains/${domain.id}`, { rootRedirect: 'not a url' })).status).toBe(400);
    const set = await client.patch(`/api/domains/${domain.id}`, {
      rootRedirect: 'https://shop.example.com/',
      notFoundRedirect: 'https://shop.example.com/missing',
      expiredRedirect: 'https://shop.example.com/ended',
      hsts: true,
    });
    expect(set.status).toBe(200);
    const ended = (
      await client.post('/api/qrcodes', {
        name: 'Old offer',
        destinationUrl: 'https://example.com/offer',
        domainId: domain.id,
        campaign: { expiresAt: new Date(Date.now() + 1500).toISOString() },
      })
    ).json as QrCodeView;
    await waitFor(async () => expect(await getOn(redirect, hostname, '/r/')).toEqual({ status: 302, location: 'https://shop.example.com/', hsts: 'max-age=31536000' }));
    expect(await getOn(redirect, hostname, '/r/nothing-here')).toMatchObject({ status: 302, location: 'https://shop.example.com/missing' });
    await waitFor(async () => expect(await getOn(redirect, hostname, `/r/${ended.slug}`)).toMatchObject({ status: 302, location: 'https://shop.example.com/ended' }));
    // The default host is not touched by a domain's settings.
    const plain = await getOn(redirect, new URL(redirect).host, '/r/nothing-here');
    expect(plain).toEqual({ status: 404, location: undefined });

    // Each next code needs one more seat in the subscription.
    const withSeat = async (body: object) => {
      expect((await client.post('/api/purchase-qr-code', { price: 3.49 })).status).toBe(200);
      const made = await client.post('/api/qrcodes', body);
      expect(made.status).toBe(201);
      return made.json as QrCodeView;
    };
    // A code on the default host, scanned: moving it breaks its prints, so it is asked first.
    const code = await withSeat({ name: 'Flyer', destinationUrl: 'https://example.com/flyer' });
    const oldLink = `/r/${code.slug}`;
    await waitFor(async () => expect((await getOn(redirect, new URL(redirect).host, oldLink)).status).toBe(302));
    await waitFor(async () => expect(((await client.get(`/api/qrcodes/${code.id}`)).json as QrCodeView).totalScans).toBe(1));
    const asked = await client.patch(`/api/qrcodes/${code.id}`, { domainId: domain.id });
    expect(asked.status).toBe(409);
    expect(asked.json.message).toBe(DOMAIN_MESSAGES.moveBreaksPrints(code.shortUrl));
    expect(((await client.get(`/api/qrcodes/${code.id}`)).json as QrCodeView).domain).toBeNull();
    const moved = await client.patch(`/api/qrcodes/${code.id}`, { domainId: domain.id, confirmDomainMove: true });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ domain: hostname, shortUrl: `https://${hostname}/${code.slug}` });
    await waitFor(async () => expect(await getOn(redirect, hostname, oldLink)).toMatchObject({ status: 302, location: 'https://example.com/flyer' }));
    await waitFor(async () => expect((await getOn(redirect, new URL(redirect).host, oldLink)).status).toBe(404));
    // A code never scanned nor downloaded moves without a question.
    const fresh = await withSeat({ name: 'Fresh', destinationUrl: 'https://example.com/fresh' });
    expect((await client.patch(`/api/qrcodes/${fresh.id}`, { domainId: domain.id })).status).toBe(200);
    // Downloaded counts like scanned.
    const printed = await withSeat({ name: 'Printed', destinationUrl: 'https://example.com/printed' });
    const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await fetch(`${system.url('gateway')}/api/qrcodes/${printed.id}/download?format=svg`, { headers: { cookie } })).status).toBe(200);
    expect((await client.patch(`/api/qrcodes/${printed.id}`, { domainId: domain.id })).status).toBe(409);
  });

  it('imports codes onto a verified domain from a CSV domain column, each slug in its own domain\'s namespace', async () => {
    const { client } = await signUp(system);
    const hostname = 'menu.example.test';
    const domain = (await client.post('/api/domains', { hostname })).json as DomainView;
    dns.txt.set(`_qrd-challenge.${hostname}`, [domain.dns.challenge.value]);
    expect((await client.post(`/api/domains/${domain.id}/check`, {})).json.state).toBe('verified');
    const csv =
      'name,destination,slug,domain\r\n' +
      `Branded,https://example.com/b,lunch-1,${hostname.toUpperCase()}\r\n` +
      'Plain,https://example.com/p,lunch-1,\r\n' +
      `Same again,https://example.com/s,lunch-1,${hostname}\r\n` +
      'Elsewhere,https://example.com/e,,nowhere.example.test\r\n';
    const draft = (await upload(client, csv)).json as BulkImportView;
    expect(draft.rows.map((r) => r.errors)).toEqual([
      {},
      {},
      { slug: BULK_IMPORT_MESSAGES.slugRepeated(1) },
      { domain: BULK_IMPORT_MESSAGES.domainUnknown('nowhere.example.test') },
    ]);
    const confirmed = await client.post(`/api/imports/${draft.id}/confirm`, { totalCents: draft.pricing?.totalCents });
    expect(confirmed.status).toBe(202);
    expect((await importDone(client, draft.id)).progress).toMatchObject({ created: 2, failed: 0 });
    const codes = (await client.get('/api/qrcodes')).json as QrCodeView[];
    expect(codes.map((c) => [c.name, c.shortUrl]).sort()).toEqual([
      ['Branded', `https://${hostname}/lunch-1`],
      ['Plain', `${system.config.publicBaseUrl}/r/lunch-1`],
    ]);
    const result = (await client.get(`/api/imports/${draft.id}/result.csv`)).text;
    expect(result).toContain(`https://${hostname}/lunch-1,created`);
    await waitFor(async () => expect(await getOn(system.url('redirect'), hostname, '/r/lunch-1')).toMatchObject({ status: 302, location: 'https://example.com/b' }));
  });

  it('moves a code onto a domain whose link another move took a moment before: "taken", not an error, and the code stays', async () => {
    const { client } = await signUp(system);
    const hostname = 'twins.example.test';
    const domain = (await client.post('/api/domains', { hostname })).json as DomainView;
    dns.txt.set(`_qrd-challenge.${hostname}`, [domain.dns.challenge.value]);
    expect((await client.post(`/api/domains/${domain.id}/check`, {})).json.state).toBe('verified');
    const made = await client.post('/api/qrcodes', { name: 'Twin', destinationUrl: 'https://example.com/twin', slug: 'twin-link' });
    expect(made.status).toBe(201);
    const code = made.json as QrCodeView;

    // Another move onto the domain under the same link, not committed yet when this move checks the
    // link: the check passes, and this move's UPDATE waits on the unique index until that one commits.
    const db = new Client({ connectionString: system.config.databaseUrl });
    // Another connection watches: a transaction sees the activity statistics as of its first look.
    const watch = new Client({ connectionString: system.config.databaseUrl });
    await db.connect();
    await watch.connect();
    try {
      await db.query('BEGIN');
      await db.query(
        `INSERT INTO qr.codes (slug, owner_id, name, destination, domain_id) SELECT 'twin-link', owner_id, 'Other', 'https://example.com/other', $2 FROM qr.codes WHERE id = $1`,
        [code.id, domain.id],
      );
      const moving = client.patch(`/api/qrcodes/${code.id}`, { domainId: domain.id });
      await waitFor(async () => {
        const waiting = await watch.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE qr.codes%'`);
        expect(waiting.rows[0].n).toBe(1);
      });
      await db.query('COMMIT');
      const moved = await moving;
      expect([moved.status, moved.json.message]).toEqual([400, SLUG_MESSAGES.taken]);
    } finally {
      await db.end();
      await watch.end();
    }
    expect(((await client.get(`/api/qrcodes/${code.id}`)).json as QrCodeView).domain).toBeNull();
  });
});
