import { buildPages } from './pages';

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
});
