import { Resvg } from '@resvg/resvg-js';
import { execFile } from 'node:child_process';
import { get } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import IORedis from 'ioredis';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { QR_DESIGN_MESSAGES } from '@qrd/contracts';
import { TestSystem } from './harness';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

/**
 * The status a caller from outside gets: a connection of its own, closed after the answer. (This
 * process's fetch would reuse the gateway's idle connections to the qr-service, which the server
 * may be closing at that moment, and fail with ECONNRESET.)
 */
function statusFromOutside(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

const run = promisify(execFile);
let workDir: string;

/** Independent decoders: jsQR on the PNG, resvg for the SVG, poppler's pdftoppm for the PDF. */
async function decode(format: 'png' | 'svg' | 'pdf', body: Buffer): Promise<string | null> {
  let png = body;
  if (format === 'svg') png = new Resvg(body.toString('utf8'), { background: 'white' }).render().asPng();
  if (format === 'pdf') {
    const base = join(workDir, `page-${Math.random().toString(36).slice(2)}`);
    await writeFile(`${base}.pdf`, body);
    await run('/usr/bin/pdftoppm', ['-png', '-r', '72', '-singlefile', `${base}.pdf`, base]);
    png = await readFile(`${base}.png`);
  }
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

describe('QR code images through the gateway: design, logo, preview and downloads', () => {
  let system: TestSystem;
  let alice: Customer;
  let code: { id: string; shortUrl: string };

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'qr-download-'));
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'] });
    alice = await subscribedCustomer(system);
    code = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
  });
  afterAll(async () => {
    await system.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  const cookie = () => [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');

  /** Binary answers: read as bytes, not through the JSON test client. */
  async function download(format: string, size = 512, headers: Record<string, string> = {}) {
    const res = await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/download?format=${format}&size=${size}`, {
      headers: { cookie: cookie(), ...headers },
    });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  }

  /** The browser sends the chosen file as the request body. */
  async function postLogo(body: Buffer, type: string): Promise<{ status: number; json: { message?: string; design?: { hasLogo: boolean } } }> {
    const res = await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/logo`, {
      method: 'POST',
      body,
      headers: { 'content-type': type, origin: new URL(system.config.publicBaseUrl).origin, cookie: cookie() },
    });
    return { status: res.status, json: (await res.json()) as { message?: string; design?: { hasLogo: boolean } } };
  }

  const designs = [
    { dotStyle: 'square', errorCorrection: 'M', foreground: '#000000', background: '#ffffff' },
    { dotStyle: 'rounded', errorCorrection: 'H', foreground: '#1a237e', background: '#fff9c4' },
    { dotStyle: 'dots', errorCorrection: 'L', foreground: '#004d40', background: '#ffffff' },
  ] as const;

  it.each(designs)('every format of a $dotStyle design (level $errorCorrection) decodes to the short URL', async (design) => {
    expect((await alice.client.request('PUT', `/api/qrcodes/${code.id}/design`, { ...design, margin: 4 })).status).toBe(200);

    for (const format of ['png', 'svg', 'pdf'] as const) {
      const { res, body } = await download(format);

      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="qrcode-${code.id}.${format}"`);
      expect(res.headers.get('content-type')).toBe({ png: 'image/png', svg: 'image/svg+xml', pdf: 'application/pdf' }[format]);
      await expect(decode(format, body)).resolves.toBe(code.shortUrl);
    }
  });

  it('takes an uploaded logo into every format, which still decodes', async () => {
    const logo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#d81b60' } }).jpeg().toBuffer();

    const uploaded = await postLogo(logo, 'image/jpeg');

    expect(uploaded.status).toBe(200);
    expect(uploaded.json.design?.hasLogo).toBe(true);
    for (const format of ['png', 'svg', 'pdf'] as const) {
      const { body } = await download(format);
      await expect(decode(format, body)).resolves.toBe(code.shortUrl);
    }
    expect((await alice.client.delete(`/api/qrcodes/${code.id}/logo`)).json.design.hasLogo).toBe(false);
  });

  it('refuses logos that are not images or too large', async () => {
    const post = async (body: Buffer, type: string) => {
      const res = await postLogo(body, type);
      return [res.status, res.json.message];
    };

    expect(await post(Buffer.from('<svg/>'), 'image/svg+xml')).toEqual([400, 'The logo must be a PNG, JPEG or WebP image']);
    expect(await post(Buffer.from('not really a png'), 'image/png')).toEqual([400, 'The logo must be a PNG, JPEG or WebP image']);
    expect(await post(Buffer.alloc(1024 * 1024 + 1), 'image/png')).toEqual([400, 'The logo is too large: upload an image of at most 1 MB']);
  });

  it('refuses a logo that scanners would take for a corner square, saying why, and keeps the code as it was', async () => {
    // Rings around a dark centre: ZXing took it for a fourth eye and missed a real one.
    const target = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="40" fill="#c0392b"/>' +
          '<circle cx="128" cy="128" r="70" fill="#ffffff"/><circle cx="128" cy="128" r="35" fill="#1a1a1a"/></svg>',
      ),
    )
      .png()
      .toBuffer();

    const refused = await postLogo(target, 'image/png');

    expect([refused.status, refused.json.message]).toEqual([400, QR_DESIGN_MESSAGES.logoTarget]);
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.design.hasLogo).toBe(false);
  });

  it('answers 304 to a browser that already has the image, and a new ETag only when the design changes', async () => {
    const first = await download('png', 256);
    const etag = first.res.headers.get('etag') ?? '';

    const again = await download('png', 256, { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.body.length).toBe(0);

    // The image encodes the short link, not the destination: a new destination keeps the image.
    await alice.client.patch(`/api/qrcodes/${code.id}`, { destinationUrl: 'https://example.com/elsewhere' });
    expect((await download('png', 256, { 'if-none-match': etag })).res.status).toBe(304);

    await alice.client.request('PUT', `/api/qrcodes/${code.id}/design`, { ...designs[0], dotStyle: 'dots', margin: 2 });
    const changed = await download('png', 256, { 'if-none-match': etag });
    expect(changed.res.status).toBe(200);
    expect(changed.res.headers.get('etag')).not.toBe(etag);
  });

  it('previews the saved design and a proposed one as PNG data URLs', async () => {
    const saved = await alice.client.get(`/api/qrcodes/${code.id}/preview`);
    const proposed = await alice.client.post(`/api/qrcodes/${code.id}/preview`, { ...designs[1], margin: 1 });

    for (const res of [saved, proposed]) {
      expect(res.status).toBe(200);
      expect(res.json.dataUrl).toMatch(/^data:image\/png;base64,/);
      await expect(decode('png', Buffer.from(res.json.dataUrl.split(',')[1], 'base64'))).resolves.toBe(code.shortUrl);
    }
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.design.margin).toBe(2);
  });

  it('refuses colour pairs that would not scan, and sizes out of range', async () => {
    const pale = await alice.client.post(`/api/qrcodes/${code.id}/preview`, { ...designs[0], margin: 4, foreground: '#bbbbbb' });
    const inverted = await alice.client.request('PUT', `/api/qrcodes/${code.id}/design`, { ...designs[0], margin: 4, foreground: '#ffffff', background: '#000000' });
    const tiny = await alice.client.get(`/api/qrcodes/${code.id}/download?format=png&size=100`);
    const format = await alice.client.get(`/api/qrcodes/${code.id}/download?format=gif`);

    expect(pale.status).toBe(400);
    expect(pale.json.message).toMatch(/too similar to scan reliably/);
    expect(inverted.status).toBe(400);
    expect(inverted.json.message).toMatch(/foreground colour must be darker/);
    expect([tiny.status, tiny.json.message]).toEqual([400, 'The size must be a whole number of pixels from 128 to 4096']);
    expect([format.status, format.json.message]).toEqual([400, 'The format must be png, svg or pdf']);
  });

  it('sends downloads and previews to the browser without the image passing through Redis', async () => {
    // Every command Redis runs for this system (job payloads, job results, replies, events) while
    // the images are fetched: none may carry image data.
    // A connection of its own in monitor mode, its error handler in place before MONITOR is sent:
    // lines Redis sends in the same read as MONITOR's OK come before ioredis counts the connection as
    // monitoring and are reported as errors (through redis.monitor(), they failed this test when the
    // system was busy); they precede the downloads, so they are not needed.
    const monitor = new IORedis(system.config.redisUrl, { monitor: true, lazyConnect: true });
    monitor.on('error', () => undefined);
    const monitoring = new Promise<void>((resolve) => monitor.once('monitoring', () => resolve()));
    await monitor.connect();
    await monitoring;
    const commands: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args.some((arg) => arg.includes(system.config.redisPrefix))) commands.push(args);
    });
    let png: Awaited<ReturnType<typeof download>>;
    let svg: Awaited<ReturnType<typeof download>>;
    let pdf: Awaited<ReturnType<typeof download>>;
    let preview: Awaited<ReturnType<typeof alice.client.get>>;
    try {
      png = await download('png', 1024);
      svg = await download('svg', 1024);
      pdf = await download('pdf', 1024);
      preview = await alice.client.get(`/api/qrcodes/${code.id}/preview`);
    } finally {
      monitor.disconnect();
    }

    expect([png.res.status, svg.res.status, pdf.res.status, preview.status]).toEqual([200, 200, 200, 200]);
    const image = PNG.sync.read(png.body);
    expect([image.width, image.height]).toEqual([1024, 1024]);
    await expect(decode('png', png.body)).resolves.toBe(code.shortUrl);
    await expect(decode('svg', svg.body)).resolves.toBe(code.shortUrl);
    await expect(decode('pdf', pdf.body)).resolves.toBe(code.shortUrl);
    await expect(decode('png', Buffer.from(preview.json.dataUrl.split(',')[1], 'base64'))).resolves.toBe(code.shortUrl);
    expect(commands.length).toBeGreaterThan(0); // the requests themselves did go through Redis
    const signatures = ['iVBORw0KGgo' /* PNG, base64 */, 'JVBERi0' /* %PDF-, base64 */, 'PHN2Zy' /* <svg, base64 */, '<svg', '%PDF-', '\\x89PNG'];
    const carryingImages = commands.filter((args) => args.some((arg) => signatures.some((signature) => arg.includes(signature))));
    expect(carryingImages.map((args) => args.map((arg) => arg.slice(0, 60)))).toEqual([]);
  });

  it('serves the images only to the gateway: the qr-service refuses callers without the internal token', async () => {
    const path = `/internal/qr/codes/${code.id}/download?userId=${alice.user.id}&format=png&size=256`;
    const anonymous = await statusFromOutside(`${system.url('qr')}${path}`);
    const forged = await statusFromOutside(`${system.url('qr')}${path}`, { 'x-internal-token': 'guessed' });
    const missing = await alice.client.get('/api/qrcodes/00000000-0000-4000-8000-000000000000/download');

    expect([anonymous, forged]).toEqual([403, 403]);
    expect([missing.status, missing.json.code]).toEqual([404, 'NOT_FOUND']);
  });
});
