import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { CaddyEdge, startCaddy } from './caddy-edge';

const run = promisify(execFile);

const CUSTOM_DOMAIN = 'qr.example.test';
const UNKNOWN_DOMAIN = 'other.example.test';
const PUBLIC_HOST = 'edge.example.test';

interface Echo {
  host: string;
  url: string;
  forwardedFor: string;
  forwardedProto: string;
}

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/**
 * The production TLS edge (deploy/caddy/Caddyfile) on its own, Caddy's local CA in place of
 * Let's Encrypt: a certificate on demand only for the names the ask URL allows, custom domains'
 * /<slug> passed on as /r/<slug>, the product's own host passed on unchanged, http sent to https.
 */
describe('the Caddy TLS edge', () => {
  const asked: string[] = [];
  // Stand-ins for nginx (echoes what reached it) and for the gateway's certificate-allowed route.
  const upstream = createServer((req, res) => {
    const echo: Echo = {
      host: req.headers.host ?? '',
      url: req.url ?? '',
      forwardedFor: String(req.headers['x-forwarded-for'] ?? ''),
      forwardedProto: String(req.headers['x-forwarded-proto'] ?? ''),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(echo));
  });
  const ask = createServer((req, res) => {
    const domain = new URL(req.url ?? '/', 'http://ask').searchParams.get('domain') ?? '';
    asked.push(domain);
    res.writeHead([CUSTOM_DOMAIN, PUBLIC_HOST].includes(domain) ? 200 : 404).end();
  });
  let edge: CaddyEdge | undefined;

  beforeAll(async () => {
    const [upstreamPort, askPort] = [await listen(upstream), await listen(ask)];
    edge = await startCaddy({
      upstream: `http://127.0.0.1:${upstreamPort}`,
      askUrl: `http://127.0.0.1:${askPort}/api/domains/certificate-allowed`,
      publicHost: PUBLIC_HOST,
    });
  }, 25_000);

  afterAll(async () => {
    await edge?.stop();
    upstream.close();
    ask.close();
  });

  /** curl with every test name resolved to the edge on loopback, trusting only Caddy's local CA. */
  function curl(url: string, ...args: string[]) {
    const resolve = [CUSTOM_DOMAIN, UNKNOWN_DOMAIN, PUBLIC_HOST].flatMap((name) => [
      '--resolve',
      `${name}:${edge?.httpsPort}:127.0.0.1`,
      '--resolve',
      `${name}:${edge?.httpPort}:127.0.0.1`,
    ]);
    return run('curl', ['-sS', '--noproxy', '*', '--max-time', '10', '--cacert', edge?.rootCertPath ?? '', ...resolve, ...args, url], { timeout: 15_000 });
  }

  it("obtains a certificate for a verified custom domain and passes its short link on as /r/<slug>, with the caller's Host", async () => {
    const { stdout } = await curl(`https://${CUSTOM_DOMAIN}:${edge?.httpsPort}/abc123?utm_source=flyer`);
    expect(JSON.parse(stdout)).toEqual({
      host: `${CUSTOM_DOMAIN}:${edge?.httpsPort}`,
      url: '/r/abc123?utm_source=flyer',
      forwardedFor: '127.0.0.1',
      forwardedProto: 'https',
    });
    const root = JSON.parse((await curl(`https://${CUSTOM_DOMAIN}:${edge?.httpsPort}/`)).stdout) as Echo;
    expect(root.url).toBe('/r/');
    expect(asked).toContain(CUSTOM_DOMAIN);
  });

  it('gives no certificate to a name the gateway does not allow: the TLS handshake fails', async () => {
    const failure = await curl(`https://${UNKNOWN_DOMAIN}:${edge?.httpsPort}/abc123`).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    // curl's 35: the TLS handshake failed (Caddy ends it with an alert, having no certificate).
    expect(failure).toMatchObject({ code: 35 });
    expect(failure?.stderr).toMatch(/SSL|TLS|alert/i);
    expect(asked).toContain(UNKNOWN_DOMAIN);
  });

  it("passes the product's own host on with its path unchanged", async () => {
    const { stdout } = await curl(`https://${PUBLIC_HOST}:${edge?.httpsPort}/api/codes?page=2`);
    expect(JSON.parse(stdout)).toMatchObject({ host: `${PUBLIC_HOST}:${edge?.httpsPort}`, url: '/api/codes?page=2', forwardedProto: 'https' });
  });

  it('answers plain http with a redirect to https', async () => {
    const { stdout } = await curl(`http://${CUSTOM_DOMAIN}:${edge?.httpPort}/abc123`, '-o', '/dev/null', '-w', '%{http_code} %{redirect_url}');
    const [status, location] = stdout.split(' ');
    expect(Number(status)).toBeGreaterThanOrEqual(301);
    expect(Number(status)).toBeLessThanOrEqual(308);
    // Caddy's catch-all redirect names the default https port (443), where production listens.
    expect(location).toMatch(new RegExp(`^https://${CUSTOM_DOMAIN.replace(/\./g, '\\.')}(:${edge?.httpsPort})?/abc123$`));
  });
});
