import { waitFor } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { createContentCode } from './content-fixtures';
import { TestSystem } from './harness';
import { createCode, Customer, scansIngested, subscribedCustomer } from './qr-fixtures';

const BASE = 'http://qr.example.test:8080';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SCANNER = { 'user-agent': IPHONE, referer: 'https://news.example.com/article', 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
const LINKS = { type: 'links', title: 'Our links', links: [{ label: 'Shop', url: 'https://shop.example.com' }] };

/** The analytics fields of a code's stored scans (no ids, no time). */
async function scanFields(system: TestSystem, codeId: string) {
  return sql(system, 'SELECT is_bot, method, device, os, browser, country, referrer, language FROM qr.scans WHERE code_id = $1 ORDER BY scanned_at', [codeId]);
}

describe('Hosted pages rendered by the redirect-service where the scan lands', () => {
  let system: TestSystem;
  let alice: Customer;
  let redirect: string;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { PUBLIC_BASE_URL: BASE } });
    alice = await subscribedCustomer(system);
    redirect = system.url('redirect');
  });
  afterAll(() => system.stop());

  it('counts a page scan once with the same analytics fields as a redirect; /p/{slug} shows the page without counting', async () => {
    const website = await createCode(alice.client, { name: 'Site', destinationUrl: 'https://example.com/site' }, { buySeat: false });
    const page = await createContentCode(alice.client, 'Bio', LINKS);

    const redirected = await fetch(`${redirect}/r/${website.slug}`, { headers: SCANNER, redirect: 'manual' });
    expect(redirected.status).toBe(302);
    const shown = await fetch(`${redirect}/r/${page.slug}`, { headers: SCANNER });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(await shown.text()).toContain('<h1 elementtiming="main">Our links</h1>');
    const direct = await fetch(`${redirect}/p/${page.slug}`, { headers: SCANNER });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('<h1 elementtiming="main">Our links</h1>');
    await scansIngested(system);

    const [redirectScan] = await scanFields(system, website.id);
    expect(await scanFields(system, page.id)).toEqual([redirectScan]);
    expect(redirectScan).toMatchObject({ is_bot: false, method: 'GET', device: 'mobile', os: 'iOS', referrer: 'news.example.com', language: 'de-DE' });
    expect((await alice.client.get(`/api/qrcodes/${page.id}`)).json).toMatchObject({ totalScans: 1 });
  });

  it('counts a scan that ends on the password form, with the same fields, and not again when the password lets it in', async () => {
    const code = await createCode(alice.client, { name: 'Vault', destinationUrl: 'https://example.com/vault' }, { buySeat: true });
    expect((await alice.client.patch(`/api/qrcodes/${code.id}`, { password: 'open sesame' })).status).toBe(200);
    await waitFor(async () => expect((await fetch(`${redirect}/r/${code.slug}`, { method: 'HEAD', redirect: 'manual' })).status).toBe(200), 1000, 20);
    await scansIngested(system);
    await sql(system, 'DELETE FROM qr.scans WHERE code_id = $1', [code.id]);

    const form = await fetch(`${redirect}/r/${code.slug}`, { headers: SCANNER });
    // The scanner's browser asks for German (SCANNER): the form is in German.
    expect(await form.text()).toContain('Dieser QR-Code ist geschützt');
    const unlocked = await fetch(`${redirect}/r/${code.slug}`, {
      method: 'POST',
      headers: { ...SCANNER, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=open+sesame',
    });
    expect(await unlocked.text()).toContain('url=https://example.com/vault');
    await scansIngested(system);
    expect(await scanFields(system, code.id)).toEqual([
      { is_bot: false, method: 'GET', device: 'mobile', os: 'iOS', browser: 'Mobile Safari', country: null, referrer: 'news.example.com', language: 'de-DE' },
    ]);
  });

  it('shows an edit on the page within a second, and the 410 page once the code is deactivated', async () => {
    const code = await createContentCode(alice.client, 'Edited', LINKS);
    expect(await (await fetch(`${redirect}/p/${code.slug}`)).text()).toContain('Shop');
    const edited = await alice.client.patch(`/api/qrcodes/${code.id}`, { content: { ...LINKS, title: 'New title' } });
    expect(edited.status).toBe(200);
    await waitFor(async () => expect(await (await fetch(`${redirect}/p/${code.slug}`)).text()).toContain('<h1 elementtiming="main">New title</h1>'), 1000, 20);

    expect((await alice.client.post(`/api/qrcodes/${code.id}/deactivate`)).status).toBe(200);
    await waitFor(async () => expect((await fetch(`${redirect}/r/${code.slug}`)).status).toBe(410), 1000, 20);
    expect((await fetch(`${redirect}/p/${code.slug}`)).status).toBe(410);
  });

  it('answers HEAD with the page headers and no body, counted as a bot scan', async () => {
    const code = await createContentCode(alice.client, 'Head', LINKS);
    const res = await fetch(`${redirect}/r/${code.slug}`, { method: 'HEAD', headers: SCANNER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
    await scansIngested(system);
    expect(await scanFields(system, code.id)).toEqual([expect.objectContaining({ is_bot: true, method: 'HEAD' })]);
  });

  it('answers bad input with a clear 4xx and reflects nothing: markup, path tricks, a huge Accept-Language', async () => {
    const code = await createContentCode(alice.client, 'Input', LINKS);
    // (A literal ../ never arrives: clients and nginx resolve it before sending.)
    const paths = [
      '/p/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/p/<img src=x onerror=alert(1)>',
      '/p/..%2F..%2Fetc%2Fpasswd',
      '/r/..%2F..%2Fetc%2Fpasswd',
      `/p/${code.slug}/..%2F..%2Fapi`,
      `/p/${code.slug}%00`,
      '/p/',
      '/p/%E0%A4%A',
      `/p/${'a'.repeat(5000)}`,
      '/r/"><svg onload=alert(1)>',
    ];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${redirect}${path}`, { method, redirect: 'manual' });
        const body = await res.text();
        expect([path, method, res.status >= 400 && res.status < 500]).toEqual([path, method, true]);
        expect(body).not.toMatch(/<script|onerror|onload|passwd/i);
      }
    }
    const huge = await fetch(`${redirect}/r/${code.slug}`, { headers: { 'user-agent': IPHONE, 'accept-language': `en;q=0.1,${'x-evil,'.repeat(900)}<b>` } });
    expect(huge.status).toBe(200);
    expect(await huge.text()).not.toContain('<b>');
  });
});
