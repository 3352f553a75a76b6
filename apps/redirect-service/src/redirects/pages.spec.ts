import type { IncomingMessage } from 'node:http';
import { ScannerPages } from './pages';

const request = (acceptLanguage?: string | string[]) => ({ headers: { 'accept-language': acceptLanguage } }) as unknown as IncomingMessage;

describe('ScannerPages', () => {
  const pages = new ScannerPages('https://qr.example');
  const english = pages.for(request());

  it('links "Report this QR code" to the report form, naming the slug', () => {
    const page = english.inactive('AbC1234');
    expect(page.status).toBe(410);
    expect(page.body).toContain('<a class="report" href="https://qr.example/report?code=AbC1234">Report this QR code</a>');
    expect(page.headers['content-length']).toBe(Buffer.byteLength(page.body, 'utf8'));
  });

  it('answers a taken-down code with 451 and the disabled page', () => {
    const page = english.disabled('AbC1234');
    expect(page.status).toBe(451);
    expect(page.body).toContain('This QR code has been disabled');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toBe('Accept-Language');
  });

  it('links the bare form when there is no slug to name, and keeps the retry page without a report link', () => {
    expect(english.notFound(null).body).toContain('href="https://qr.example/report"');
    expect(english.unavailable.body).not.toContain('Report this QR code');
  });

  it("sends the right password on with a refresh and a link, the scanner's query escaped, no form or script allowed", () => {
    const page = pages.unlocked(request(), 'https://example.com/a?x="><script>alert(1)</script>&y=1');
    expect(page.status).toBe(200);
    const escaped = 'https://example.com/a?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;y=1';
    expect(page.body).toContain(`<meta http-equiv="refresh" content="0; url=${escaped}">`);
    expect(page.body).toContain(`<a class="home" href="${escaped}">Continue</a>`);
    expect(page.body).not.toContain('<script>');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(page.headers['content-length']).toBe(Buffer.byteLength(page.body, 'utf8'));
  });

  it("answers in the scanner's language by Accept-Language, with regions, weights and the nearest language", () => {
    const notFound = (header: string) => pages.for(request(header)).notFound('AbC1234').body;
    expect(notFound('de-DE,de;q=0.9,en;q=0.8')).toContain('<html lang="de" dir="ltr">');
    expect(notFound('de-DE')).toContain('QR-Code nicht gefunden');
    expect(notFound('en;q=0.5, fr-CA;q=0.9')).toContain('Code QR introuvable');
    expect(notFound('ja')).toContain('QRコードが見つかりません');
    expect(notFound('pt-PT')).toContain('QR code não encontrado');
    expect(notFound('es-419')).toContain('Código QR no encontrado');
    expect(notFound('ar-EG')).toContain('<html lang="ar" dir="rtl">');
    expect(pages.passwordRefused(request('fr'), 401).body).toContain('Ce mot de passe n’est pas le bon.');
    expect(pages.passwordForm(request('de')).body).toContain('<label for="p" style="display:block;margin:1rem 0 .4rem">Passwort</label>');
  });

  it('falls back to English for an unknown, missing, malformed or oversized header, and never throws', () => {
    for (const header of [undefined, '', 'zh-CN,zh;q=0.9', 'garbage;;q=x', ';q=1,,,', '*;q=abc', 'x'.repeat(10_000), ['de', 'fr']]) {
      const body = pages.for(request(header)).notFound(null).body;
      if (Array.isArray(header)) expect(body).toContain('lang="de"');
      else expect(body).toContain('<html lang="en" dir="ltr">');
    }
  });
});
