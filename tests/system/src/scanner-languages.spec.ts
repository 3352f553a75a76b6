import { TestSystem } from './harness';
import { createCode, subscribedCustomer } from './qr-fixtures';

/** A phone's browser opening a short link, in a given language. */
async function open(baseUrl: string, path: string, acceptLanguage?: string, init: RequestInit = {}): Promise<{ status: number; body: string; vary: string | null }> {
  const res = await fetch(`${baseUrl}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}), ...init.headers },
  });
  return { status: res.status, body: await res.text(), vary: res.headers.get('vary') };
}

/** The pages scanners see instead of a redirect, in their language (docs/languages.md). */
describe("scanner pages in the scanner's language", () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await TestSystem.start();
  });
  afterAll(() => system.stop());

  it('answers the not-found, deactivated and password pages in German, French and Japanese by Accept-Language', async () => {
    const redirect = system.url('redirect');
    const notFound = {
      'de-DE,de;q=0.9,en;q=0.5': 'QR-Code nicht gefunden',
      'fr-FR,fr;q=0.9': 'Code QR introuvable',
      'ja-JP,ja;q=0.9,en-US;q=0.7': 'QRコードが見つかりません',
    };
    for (const [header, title] of Object.entries(notFound)) {
      const page = await open(redirect, '/r/Zz9Zz9Z', header);
      expect(page.status).toBe(404);
      expect(page.body).toContain(`<h1 elementtiming="main">${title}</h1>`);
      expect(page.vary).toMatch(/Accept-Language/i);
    }

    const { client } = await subscribedCustomer(system);
    const paused = await createCode(client, { name: 'Paused', destinationUrl: 'https://example.com/paused' });
    expect((await client.post(`/api/qrcodes/${paused.id}/deactivate`)).status).toBeLessThan(300);
    const inactive = { de: 'Dieser QR-Code ist nicht aktiv', fr: 'Ce code QR n’est pas actif', ja: 'このQRコードは無効です' };
    for (const [header, title] of Object.entries(inactive)) {
      let page = await open(redirect, `/r/${paused.slug}`, header);
      // The deactivation reaches the redirect table right after the answer.
      for (let i = 0; page.status !== 410 && i < 50; i++) page = await open(redirect, `/r/${paused.slug}`, header);
      expect(page.status).toBe(410);
      expect(page.body).toContain(title);
    }

    const secret = await createCode(client, { name: 'Secret', destinationUrl: 'https://example.com/secret' }, { buySeat: true });
    expect((await client.patch(`/api/qrcodes/${secret.id}`, { password: 'open sesame' })).status).toBe(200);
    let form = await open(redirect, `/r/${secret.slug}`, 'de');
    for (let i = 0; !form.body.includes('<form') && i < 50; i++) form = await open(redirect, `/r/${secret.slug}`, 'de');
    expect(form.body).toContain('Dieser QR-Code ist geschützt');
    expect(form.body).toContain('>Passwort</label>');
    const wrong = await open(redirect, `/r/${secret.slug}`, 'ja', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=guess',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('パスワードが正しくありません');
    const french = await open(redirect, `/r/${secret.slug}`, 'fr-CA', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=open+sesame',
    });
    expect(french.status).toBe(200);
    expect(french.body).toContain('Le mot de passe est correct.');
  });

  it('falls back to English for an unknown language and never errors on a malformed header', async () => {
    const redirect = system.url('redirect');
    for (const header of ['zh-CN,zh;q=0.9', 'x-klingon', ';;;q=,', 'en;q=abc,*;q=-1', `${'de,'.repeat(300)}fr`]) {
      const page = await open(redirect, '/r/Zz9Zz9Z', header);
      expect(page.status).toBe(404);
      expect(page.body).toContain('<html lang="en" dir="ltr">');
      expect(page.body).toContain('QR code not found');
    }
  });
});
