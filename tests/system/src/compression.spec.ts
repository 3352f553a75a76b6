import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { waitFor } from '@qrd/testing';
import { ROOT } from '../../e2e/src/support/environment';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';

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

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire. */
  raw: Buffer;
  /** The body decoded as its Content-Encoding says. */
  text: string;
}

function get(url: string, acceptEncoding: string | null, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const plain = raw.length === 0 ? raw : coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: plain.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A stand-in web build: the app's page and one large script. */
function webBuild(): { root: string; script: string } {
  const root = mkdtempSync(join(tmpdir(), 'compressed-web-'));
  mkdirSync(join(root, 'assets'));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word number ${i}`))};\n`;
  writeFileSync(join(root, 'index.html'), `<!doctype html><html><head><title>QR Dynamic</title></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`);
  writeFileSync(join(root, 'assets', 'index-abc123.js'), script);
  return { root, script };
}

describe('compression at the front doors: what a phone downloads is compressed', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let edge: ChildProcess;
  let edgeUrl: string;
  let web: { root: string; script: string };

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['qr', 'redirect', 'gateway'] });
    web = webBuild();
    // nginx serves the build as compose does: precompressed once (tools/precompress.mjs).
    execFileSync(process.execPath, [join(ROOT, 'tools', 'precompress.mjs'), web.root]);
    door = await startFrontDoor(system, ['redirect'], web.root);
    const port = await freePort();
    const options = JSON.stringify({
      port,
      webRoot: web.root,
      gatewayPort: Number(new URL(system.url('gateway')).port),
      redirectPort: Number(new URL(system.url('redirect')).port),
    });
    const script = `import(${JSON.stringify(pathToFileURL(join(ROOT, 'tools', 'edge.mjs')).href)}).then((m) => m.startEdge(${options}))`;
    edge = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    edgeUrl = `http://127.0.0.1:${port}`;
    await waitFor(async () => expect((await fetch(`${edgeUrl}/health`)).status).toBe(200), 10_000);
  }, 60_000);
  afterAll(async () => {
    if (edge && edge.exitCode === null) {
      const exited = once(edge, 'exit');
      edge.kill();
      await exited;
    }
    await door?.stop();
    await system?.stop();
    rmSync(web.root, { recursive: true, force: true });
  });

  it('the npm start front door: brotli when the browser takes it, else gzip, else the file as it is', async () => {
    const url = `${edgeUrl}/assets/index-abc123.js`;
    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.text).toBe(web.script);
    expect(Number(br.headers['content-length'])).toBe(br.raw.length);
    expect(br.raw.length).toBeLessThan(web.script.length / 5);
    const gzip = await get(url, 'gzip;q=1.0, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(web.script);
    const plain = await get(url, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString('utf8')).toBe(web.script);
    const head = await get(url, 'br', 'HEAD');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.raw.length).toBe(0);
  });

  it.each([
    ['the npm start front door', () => edgeUrl],
    ['nginx', () => door.baseUrl],
  ])('%s: the web app and the redirect-service pages gzipped, identical once decoded', async (_name, base) => {
    const script = await get(`${base()}/assets/index-abc123.js`, 'gzip');
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.text).toBe(web.script);
    // Compressed ahead (nginx: the .gz written at build; the edge: once, kept): its length is known, not chunked.
    expect(Number(script.headers['content-length'])).toBe(script.raw.length);
    const page = await get(`${base()}/r/Zz9Zz9Z`, 'gzip');
    expect(page.status).toBe(404);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.text).toContain('QR code not found');
    const uncompressed = await get(`${base()}/r/Zz9Zz9Z`, null);
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.raw.toString('utf8')).toBe(page.text);
  });
});
