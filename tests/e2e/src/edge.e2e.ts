import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@qrd/testing';
import { RUN_DIR } from './support/environment';
import { e2eState } from './support/e2e';

/** What nginx (running nginx/nginx.conf) does in front of the services. */
describe('nginx in front of the product', () => {
  const base = () => e2eState().baseUrl;

  it('serves the web app for every page path, with security headers', async () => {
    for (const path of ['/', '/dashboard', '/edit-qr/some-id', '/no-such-page']) {
      const res = await fetch(`${base()}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('routes /api to the gateway and /r/ to the redirect-service', async () => {
    const api = await fetch(`${base()}/api/auth/user`);
    expect(api.status).toBe(401);
    expect(api.headers.get('x-request-id')).toBeTruthy();
    const unknown = await fetch(`${base()}/r/zzzzzzz`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(`href="${base()}/"`);
  });

  it('keeps reset tokens out of its access log', async () => {
    const token = 'secret-token-that-must-not-be-logged';
    await fetch(`${base()}/reset-password/${token}`);
    await fetch(`${base()}/api/password-reset/${token}`);
    // nginx writes a request's line after answering it: wait for the second request's line.
    const log = await waitFor(() => {
      const text = readFileSync(join(RUN_DIR, 'nginx', 'access.log'), 'utf8');
      if (!text.includes('/api/password-reset/[redacted]')) throw new Error('the reset request is not logged yet');
      return text;
    }, 5000);
    expect(log).toContain('/reset-password/[redacted]');
    expect(log).not.toContain(token);
  });
});
