import { buildPages, unlockedPage } from './pages';

describe('buildPages', () => {
  const sut = buildPages('https://qr.example');

  it('links "Report this QR code" to the report form, naming the slug', () => {
    const page = sut.inactive('AbC1234');
    expect(page.status).toBe(410);
    expect(page.body).toContain('<a class="report" href="https://qr.example/report?code=AbC1234">Report this QR code</a>');
    expect(page.headers['content-length']).toBe(Buffer.byteLength(page.body, 'utf8'));
  });

  it('answers a taken-down code with 451 and the disabled page', () => {
    const page = sut.disabled('AbC1234');
    expect(page.status).toBe(451);
    expect(page.body).toContain('This QR code has been disabled');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('links the bare form when there is no slug to name, and keeps the retry page without a report link', () => {
    expect(sut.notFound(null).body).toContain('href="https://qr.example/report"');
    expect(sut.unavailable.body).not.toContain('Report this QR code');
  });

  it('sends the right password on with a refresh and a link, the scanner\'s query escaped, no form or script allowed', () => {
    const page = unlockedPage('https://qr.example', 'https://example.com/a?x="><script>alert(1)</script>&y=1');
    expect(page.status).toBe(200);
    const escaped = 'https://example.com/a?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;y=1';
    expect(page.body).toContain(`<meta http-equiv="refresh" content="0; url=${escaped}">`);
    expect(page.body).toContain(`<a class="home" href="${escaped}">Continue</a>`);
    expect(page.body).not.toContain('<script>');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(page.headers['content-length']).toBe(Buffer.byteLength(page.body, 'utf8'));
  });
});
