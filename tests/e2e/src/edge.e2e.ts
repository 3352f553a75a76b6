import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@qrd/testing';
import { NGINX_DIR, OUTPUT_DIR, PORTS, WEB_ROOT } from './support/environment';
import { e2eState } from './support/e2e';
import { startNginx } from './support/nginx';

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

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
      const text = readFileSync(join(NGINX_DIR, 'access.log'), 'utf8');
      if (!text.includes('/api/password-reset/[redacted]')) throw new Error('the reset request is not logged yet');
      return text;
    }, 5000);
    expect(log).toContain('/reset-password/[redacted]');
    expect(log).not.toContain(token);
  });

  it('serves the web app when the checkout sits in a directory only its owner can read', async () => {
    // Like a clone under /root: the built app and nginx's own files inside a mode-700 directory.
    const home = mkdtempSync(join(tmpdir(), 'qrd-private-'));
    chmodSync(home, 0o700);
    try {
      const webRoot = join(home, 'web');
      cpSync(WEB_ROOT, webRoot, { recursive: true });
      const sut = await startNginx({
        dir: join(home, 'nginx'),
        webRoot,
        port: await freePort(),
        gatewayPort: PORTS.gateway,
        redirectPorts: [PORTS.redirect],
        errorLog: join(OUTPUT_DIR, 'logs', 'nginx-private-checkout.log'),
      });
      try {
        const page = await fetch(`${sut.baseUrl}/dashboard`);
        expect(page.status).toBe(200);
        const html = await page.text();
        const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
        expect(script).toBeDefined();
        const asset = await fetch(`${sut.baseUrl}${script}`);
        expect(asset.status).toBe(200);
        expect(asset.headers.get('cache-control')).toContain('immutable');
        await asset.arrayBuffer();
      } finally {
        await sut.stop();
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('the ports the browser tests run the product on', () => {
  // The kernel gives every outgoing connection (to PostgreSQL, Redis, nginx's upstreams) a local
  // port from this range, and a service cannot listen on a port one of them holds: a fixed port
  // inside it made a service fail to start whenever a connection made before it had taken it.
  it('lie outside the range the kernel hands to outgoing connections', () => {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const inside = Object.entries(PORTS).filter(([, port]) => port >= low && port <= high);
    expect(inside).toEqual([]);
  });
});
