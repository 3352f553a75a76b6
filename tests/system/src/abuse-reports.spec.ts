import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ABUSE_MESSAGES } from '@qrd/contracts';
import { decodeQuotedPrintable, SmtpSink, waitFor } from '@qrd/testing';
import { newUser, signIn } from './accounts-fixtures';
import { createContentCode } from './content-fixtures';
import { TestSystem } from './harness';
import { createCode, scan, subscribedCustomer } from './qr-fixtures';

describe('abuse handling (issue item 13)', () => {
  let sink: SmtpSink;
  let system: TestSystem;
  let dir: string;
  let blocklistFile: string;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    dir = await mkdtemp(join(tmpdir(), 'qrd-blocklist-'));
    blocklistFile = join(dir, 'blocklist.txt');
    await writeFile(blocklistFile, '# phishing kits seen in the wild\nphish.example\n');
    system = await TestSystem.start({
      env: {
        SMTP_URL: sink.url,
        PUBLIC_BASE_URL: 'http://qr.example.test',
        DESTINATION_BLOCKLIST: 'malware.example',
        DESTINATION_BLOCKLIST_FILE: blocklistFile,
        RATE_LIMIT_REPORTS_PER_HOUR: '4',
      },
    });
  });
  afterAll(async () => {
    await system.stop();
    await sink.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const redirect = () => system.url('redirect');
  /** A scan, keeping the page it answered. */
  const open = async (slug: string) => {
    const res = await fetch(`${redirect()}/r/${slug}`, { redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), page: await res.text() };
  };
  const admin = async () => signIn(system, await newUser(system, { role: 'admin' }));

  async function mailTo(email: string, subject: RegExp): Promise<string> {
    return waitFor(() => {
      const mail = sink.mailsTo(email).map((m) => decodeQuotedPrintable(m.raw)).find((raw) => subject.test(raw));
      if (!mail) throw new Error(`no mail to ${email} yet (${sink.mails.length} mails: ${sink.mails.map((m) => m.to.join()).join(' ')})`);
      return mail;
    }, 15_000);
  }

  it('offers "Report this QR code" on the not-found and not-active pages, naming the code', async () => {
    const res = await open('Zz9Zz9Z');
    expect(res.status).toBe(404);
    const page = res.page;
    expect(page).toContain('Report this QR code');
    expect(page).toContain('href="http://qr.example.test/report?code=Zz9Zz9Z"');

    const { client } = await subscribedCustomer(system);
    const code = await createCode(client, { name: 'Paused', destinationUrl: 'https://example.com/paused' });
    expect((await client.post(`/api/qrcodes/${code.id}/deactivate`)).status).toBeLessThan(300);
    const inactive = await waitFor(async () => {
      const answer = await open(code.slug);
      if (answer.status !== 410) throw new Error(`still ${answer.status}`);
      return answer.page;
    });
    expect(inactive).toContain(`href="http://qr.example.test/report?code=${code.slug}"`);
  });

  it('takes a report without signing in, shows it in the admin queue (403 for others), takes the code down and restores it', async () => {
    const { user, client } = await subscribedCustomer(system);
    const code = await createCode(client, { name: 'Spring menu', destinationUrl: 'https://example.com/menu' });
    expect((await scan(redirect(), code.slug)).status).toBe(302);

    const visitor = system.client();
    const sent = await visitor.post('/api/reports', {
      code: `http://qr.example.test/r/${code.slug}`,
      reason: 'phishing',
      details: 'Asks for my bank password',
      email: 'Witness@Example.com',
    });
    expect(sent.status).toBe(202);
    expect(sent.json.message).toMatch(/Thank you/);

    const bad = await visitor.post('/api/reports', { code: 'https://elsewhere.example/page', reason: 'phishing' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.code).toMatch(/not one of our QR code links/);

    // Only admins see the queue.
    expect((await client.get('/api/admin/reports')).status).toBe(403);
    expect((await visitor.get('/api/admin/reports')).status).toBe(401);
    const sut = await admin();
    const queue = await sut.get('/api/admin/reports?status=open');
    expect(queue.status).toBe(200);
    const report = queue.json.items.find((item: { slug: string }) => item.slug === code.slug);
    expect(report).toMatchObject({
      reason: 'phishing',
      details: 'Asks for my bank password',
      reporterEmail: 'witness@example.com',
      status: 'open',
      code: { id: code.id, name: 'Spring menu', destinationUrl: 'https://example.com/menu', takedown: null },
    });
    expect((await client.post(`/api/admin/codes/${code.slug}/takedown`, { reason: 'Phishing' })).status).toBe(403);

    // Takedown: 451 with the disabled page, and the owner hears why, through the real mail path.
    const refused = await sut.post(`/api/admin/codes/${code.slug}/takedown`, { reason: '' });
    expect(refused.status).toBe(400);
    const down = await sut.post(`/api/admin/codes/${code.slug}/takedown`, { reason: 'Phishing page collecting bank passwords' });
    expect(down.status).toBe(200);
    expect(down.json.takedown.reason).toBe('Phishing page collecting bank passwords');
    const disabled = await waitFor(async () => {
      const answer = await open(code.slug);
      if (answer.status !== 451) throw new Error(`still ${answer.status}`);
      return answer;
    });
    expect(disabled.location).toBeNull();
    const page = disabled.page;
    expect(page).toContain('This QR code has been disabled');
    expect(page).toContain('Report this QR code');
    const mail = await mailTo(user.email, /has been disabled/);
    expect(mail).toContain('Spring menu');
    expect(mail).toContain('Phishing page collecting bank passwords');
    expect(mail).toContain(`http://qr.example.test/r/${code.slug}`);

    // The report is dealt with; the owner sees the takedown on the code and cannot switch it back on.
    expect((await sut.get('/api/admin/reports?status=open')).json.items.some((item: { slug: string }) => item.slug === code.slug)).toBe(false);
    expect((await client.get(`/api/qrcodes/${code.id}`)).json.takedown.reason).toBe('Phishing page collecting bank passwords');
    await client.post(`/api/qrcodes/${code.id}/activate`);
    expect((await scan(redirect(), code.slug)).status).toBe(451);

    // Restore brings the redirect back.
    const restored = await sut.post(`/api/admin/codes/${code.slug}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.json.takedown).toBeNull();
    const back = await waitFor(async () => {
      const answer = await scan(redirect(), code.slug);
      if (answer.status !== 302) throw new Error(`still ${answer.status}`);
      return answer;
    });
    expect(back.headers.get('location')).toBe('https://example.com/menu');

    // An admin can reopen or resolve a report by hand.
    const reopened = await sut.post(`/api/admin/reports/${report.id}/status`, { status: 'open' });
    expect(reopened.status).toBe(200);
    expect(reopened.json.status).toBe('open');
    expect((await sut.post(`/api/admin/codes/NoSuch1/takedown`, { reason: 'Phishing' })).status).toBe(404);
  });

  it('limits reports per address with 429 and Retry-After', async () => {
    const visitor = system.client();
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await visitor.post('/api/reports', { code: 'AbC1234', reason: 'scam' }, headers)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const limited = await visitor.post('/api/reports', { code: 'AbC1234', reason: 'scam' }, headers);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await visitor.post('/api/reports', { code: 'AbC1234', reason: 'scam' }, { 'x-forwarded-for': '198.51.100.77' })).status).toBe(202);
  });

  it('refuses blocklisted destinations (and their subdomains) at create and edit, with a clear message', async () => {
    const { client } = await subscribedCustomer(system);
    for (const destinationUrl of ['https://phish.example/login', 'https://secure.PHISH.example./x', 'http://cdn.malware.example/a.apk']) {
      const res = await client.post('/api/qrcodes', { name: 'Bad', destinationUrl });
      expect(res.status).toBe(400);
      expect(res.json.fields.destinationUrl).toMatch(/not allowed on QR Dynamic/);
    }
    const code = await createCode(client, { name: 'Fine', destinationUrl: 'https://notphish.example/' });
    const edit = await client.patch(`/api/qrcodes/${code.id}`, { destinationUrl: 'https://www.phish.example/' });
    expect(edit.status).toBe(400);
    expect(edit.json.fields.destinationUrl).toMatch(/blocklist/);
    expect((await client.get(`/api/qrcodes/${code.id}`)).json.destinationUrl).toBe('https://notphish.example/');
  });

  it('takes down existing codes when the list changes: at the next check, and at start', async () => {
    const { user, client } = await subscribedCustomer(system);
    const shop = await createCode(client, { name: 'Shop', destinationUrl: 'https://shop.turned-bad.example/sale' });
    const other = await createCode(client, { name: 'Blog', destinationUrl: 'https://blog.example/' }, { buySeat: true });
    expect((await scan(redirect(), shop.slug)).status).toBe(302);

    await writeFile(blocklistFile, '# phishing kits seen in the wild\nphish.example\nturned-bad.example\n');
    const sut = await admin();
    const report = await sut.post('/api/admin/reconcile');
    expect(report.status).toBe(200);
    const check = report.json.checks.find((c: { check: string }) => c.check === 'blocklist');
    expect(check.repaired).toBe(1);
    await waitFor(async () => {
      const answer = await scan(redirect(), shop.slug);
      if (answer.status !== 451) throw new Error(`still ${answer.status}`);
    });
    expect((await scan(redirect(), other.slug)).status).toBe(302);
    const mail = await mailTo(user.email, /has been disabled/);
    expect(mail).toContain('We have disabled your QR code "Shop"');
    expect(mail).toContain('turned-bad.example, a website on our abuse blocklist');
    // Restoring would only be undone by the next check: refused until the destination changes.
    const restore = await sut.post(`/api/admin/codes/${shop.slug}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.json.message).toMatch(/blocklist/);

    // A change made while the qr-service was down is applied when it starts.
    await system.stopService('qr');
    await writeFile(blocklistFile, 'phish.example\nturned-bad.example\nblog.example\n');
    await system.startService('qr');
    await waitFor(async () => {
      const answer = await scan(redirect(), other.slug);
      if (answer.status !== 451) throw new Error(`still ${answer.status}`);
    }, 15_000);
  });

  it('checks the links of hosted pages like destinations: refused per field at create and edit, taken down when the list changes', async () => {
    const { user, client } = await subscribedCustomer(system);
    const links = (...urls: string[]) => ({ type: 'links', title: 'Us', links: urls.map((url, i) => ({ label: `Link ${i}`, url })) });
    const listed = await client.post('/api/qrcodes', { name: 'Bio', content: links('https://example.com/', 'https://login.phish.example/x') });
    expect(listed.status).toBe(400);
    expect(listed.json.fields).toEqual({ 'content.links.1.url': ABUSE_MESSAGES.blockedDestination });
    const card = await client.post('/api/qrcodes', { name: 'Card', content: { type: 'vcard', firstName: 'Ann', website: 'http://cdn.malware.example/' } });
    expect(card.status).toBe(400);
    expect(card.json.fields).toEqual({ 'content.website': ABUSE_MESSAGES.blockedDestination });

    const bio = await createContentCode(client, 'Bio', links('https://example.com/', 'https://shop.soon-bad.example/sale'), false);
    const contact = await createContentCode(client, 'Card', { type: 'vcard', firstName: 'Ann', website: 'https://soon-bad.example/' });
    const fine = await createContentCode(client, 'Fine', links('https://example.com/'));
    const edit = await client.patch(`/api/qrcodes/${fine.id}`, { content: links('https://example.com/', 'https://www.phish.example/') });
    expect(edit.status).toBe(400);
    expect(edit.json.fields).toEqual({ 'content.links.1.url': ABUSE_MESSAGES.blockedDestination });

    await writeFile(blocklistFile, 'phish.example\nturned-bad.example\nblog.example\nsoon-bad.example\n');
    const sut = await admin();
    const check = (await sut.post('/api/admin/reconcile')).json.checks.find((c: { check: string }) => c.check === 'blocklist');
    expect(check.repaired).toBe(2);
    expect(check.details).toEqual(
      expect.arrayContaining([`took down /r/${bio.slug}: a link on its page leads to soon-bad.example`, `took down /r/${contact.slug}: a link on its page leads to soon-bad.example`]),
    );
    for (const slug of [bio.slug, contact.slug]) {
      await waitFor(async () => {
        const answer = await scan(redirect(), slug);
        if (answer.status !== 451) throw new Error(`still ${answer.status}`);
      });
      expect((await system.client().get(`/api/public/pages/${slug}`)).status).toBe(410);
    }
    // Its page, answered where the scan lands.
    expect((await scan(redirect(), fine.slug)).status).toBe(200);
    expect(await mailTo(user.email, /has been disabled/)).toContain('soon-bad.example, a website on our abuse blocklist');
    const restore = await sut.post(`/api/admin/codes/${bio.slug}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.json.message).toMatch(/soon-bad\.example, which is on the blocklist/);
  });
});
