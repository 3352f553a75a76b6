import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import jsQR from 'jsqr';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import S3rver from 's3rver';
import sharp from 'sharp';
import vCard from 'vcf';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { wifiPayload } from '@qrd/contracts';
import { TestHttpClient } from '@qrd/testing';
import { TestSystem } from './harness';
import { Customer, scan, scansIngested, subscribedCustomer } from './qr-fixtures';

const BASE = 'http://qr.example.test:8080';

function pdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A6' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Opening hours: 9 to 5');
    doc.end();
  });
}

function photo(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera data' } } })
    .jpeg()
    .toBuffer();
}

/** A browser's upload: the file itself, with the type the browser guessed from its name. */
async function upload(system: TestSystem, client: TestHttpClient, body: Buffer, name: string, purpose: 'file' | 'image', type = 'application/octet-stream') {
  const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${system.url('gateway')}/api/content-files?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body,
    headers: { 'content-type': type, origin: new URL(system.config.publicBaseUrl).origin, cookie },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { id: string; message?: string } };
}

async function seat(client: TestHttpClient): Promise<void> {
  const purchase = await client.post('/api/purchase-qr-code', { name: 'another', price: 3.49 });
  if (purchase.status !== 200) throw new Error(`purchase answered ${purchase.status}: ${purchase.text}`);
}

async function createContentCode(client: TestHttpClient, name: string, content: unknown, buySeat = true) {
  if (buySeat) await seat(client);
  const res = await client.post('/api/qrcodes', { name, content });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return res.json as { id: string; slug: string; destinationUrl: string; totalScans: number };
}

describe('Content codes on S3-compatible storage (s3rver)', () => {
  let system: TestSystem;
  let alice: Customer;
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 's3rver-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'content-files', configs: [] }] });
    const address = (await s3.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
    system = await TestSystem.start({
      env: {
        PUBLIC_BASE_URL: BASE,
        CONTENT_STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'content-files',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    alice = await subscribedCustomer(system);
  });
  afterAll(async () => {
    await system.stop();
    await s3.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  it('a contact card: its scan is counted and lands on our page, whose vCard parses, with the photo re-encoded', async () => {
    const sut = alice.client;
    const uploaded = await upload(system, sut, await photo(), 'me.jpg', 'image', 'image/jpeg');
    expect(uploaded.status).toBe(201);
    expect(uploaded.json).toMatchObject({ contentType: 'image/jpeg', fileName: 'me.jpg' });
    const card = {
      type: 'vcard',
      firstName: 'Zoë',
      lastName: 'Müller-Łukasz',
      company: 'Acme; Widgets, Inc.',
      title: 'Head of Things',
      phones: [{ label: 'mobile', number: '+49 170 1234567' }],
      emails: ['zoe@example.com'],
      address: { street: 'Hauptstraße 1', city: 'Berlin', postcode: '10115', country: 'Germany' },
      website: 'https://example.com/zoe',
      note: 'Met at the fair,\nbooth 12; ask about the long-term plans for the widget factory and its very long note',
      photoFileId: uploaded.json.id,
    };
    const code = await createContentCode(sut, 'Business card', card, false);
    expect(code.destinationUrl).toBe(`${BASE}/p/${code.slug}`);

    const scanned = await scan(system.url('redirect'), code.slug);
    expect(scanned.status).toBe(302);
    expect(scanned.headers.get('location')).toBe(`${BASE}/p/${code.slug}`);
    await scansIngested(system);
    expect((await sut.get(`/api/qrcodes/${code.id}`)).json).toMatchObject({ totalScans: 1 });

    const visitor = system.client();
    const page = await visitor.get(`/api/public/pages/${code.slug}`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ slug: code.slug, content: { type: 'vcard', firstName: 'Zoë', company: 'Acme; Widgets, Inc.' } });
    const photoUrl = (page.json.files as Record<string, { url: string }>)[uploaded.json.id].url;
    const shown = await fetch(`${system.url('gateway')}${photoUrl}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await shown.arrayBuffer());
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    const vcf = await fetch(`${system.url('gateway')}${page.json.vcardUrl as string}`);
    expect(vcf.status).toBe(200);
    expect(vcf.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(vcf.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.vcf"$/);
    const text = await vcf.text();
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const [parsed] = vCard.parse(text);
    expect(parsed.version).toBe('3.0');
    expect(parsed.get('fn')?.valueOf()).toBe('Zoë Müller-Łukasz');
    expect(parsed.get('org')?.valueOf()).toBe('Acme\\; Widgets\\, Inc.');
    expect(parsed.get('tel')?.valueOf()).toBe('+49 170 1234567');
    expect(parsed.get('email')?.valueOf()).toBe('zoe@example.com');
    expect(parsed.get('photo')).toBeDefined();
  });

  it('a file: a PDF stored in the S3 bucket and served with its type; a renamed executable is refused', async () => {
    const sut = alice.client;
    const document = await pdf();
    const uploaded = await upload(system, sut, document, 'hours.pdf', 'file', 'application/pdf');
    expect(uploaded.status).toBe(201);
    const object = await new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }).send(
      new GetObjectCommand({ Bucket: 'content-files', Key: uploaded.json.id }),
    );
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(document)).toBe(true);

    const code = await createContentCode(sut, 'Opening hours', { type: 'file', title: 'Opening hours', fileId: uploaded.json.id });
    const page = await system.client().get(`/api/public/pages/${code.slug}`);
    const served = await fetch(`${system.url('gateway')}${(page.json.files as Record<string, { url: string }>)[uploaded.json.id].url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="hours.pdf"');
    expect(Buffer.from(await served.arrayBuffer()).equals(document)).toBe(true);

    const executable = readFileSync(process.execPath).subarray(0, 64 * 1024);
    const refused = await upload(system, sut, executable, 'invoice.pdf', 'file', 'application/pdf');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('The file must be a PDF or an image (PNG, JPEG, WebP or GIF); this file is ELF');
    const text = await upload(system, sut, Buffer.from('just some words'), 'photo.png', 'image', 'image/png');
    expect(text.status).toBe(400);
    expect(text.json.message).toBe('The image must be a PNG, JPEG, WebP or GIF');
    const tooLarge = await upload(system, sut, Buffer.concat([document, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf', 'file');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.message).toBe('The file is too large: upload at most 10 MB');
  });

  it('a link list is edited like a destination, its change recorded in the history; a bad link is refused per field', async () => {
    const sut = alice.client;
    const code = await createContentCode(sut, 'Bio', { type: 'links', title: 'Our links', links: [{ label: 'Shop', url: 'https://shop.example.com' }] });
    expect((await system.client().get(`/api/public/pages/${code.slug}`)).json).toMatchObject({
      content: { type: 'links', title: 'Our links', links: [{ label: 'Shop', url: 'https://shop.example.com' }] },
    });

    const bad = await sut.patch(`/api/qrcodes/${code.id}`, {
      content: { type: 'links', title: 'Our links', links: [{ label: 'Shop', url: 'ftp://shop.example.com' }, { label: '', url: 'https://b.example.com' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ 'content.links.0.url': 'Please enter a valid URL. Include https:// at the beginning.', 'content.links.1.label': 'Give the button a label' });
    const loop = await sut.patch(`/api/qrcodes/${code.id}`, { content: { type: 'links', title: 'Loop', links: [{ label: 'Me', url: `${BASE}/r/${code.slug}` }] } });
    expect(loop.status).toBe(400);
    expect(loop.json.fields).toMatchObject({ 'content.links.0.url': 'The URL cannot be one of our own QR code short links.' });
    const website = await sut.patch(`/api/qrcodes/${code.id}`, { destinationUrl: 'https://example.com' });
    expect(website.status).toBe(400);

    const edited = await sut.patch(`/api/qrcodes/${code.id}`, {
      content: { type: 'links', title: 'Our links', links: [{ label: 'Shop', url: 'https://shop.example.com' }, { label: 'Blog', url: 'https://blog.example.com' }] },
    });
    expect(edited.status).toBe(200);
    expect((await system.client().get(`/api/public/pages/${code.slug}`)).json).toMatchObject({
      content: { links: [{ label: 'Shop' }, { label: 'Blog', url: 'https://blog.example.com' }] },
    });
    const history = (await sut.get(`/api/qrcodes/${code.id}/history`)).json.items as { kind: string; changes: { field: string; after: unknown }[] }[];
    expect(history[0]).toMatchObject({ kind: 'content', changes: [{ field: 'content.links', after: [{ label: 'Shop', url: 'https://shop.example.com' }, { label: 'Blog', url: 'https://blog.example.com' }] }] });

    // Still dynamic: the short link keeps leading to the page, counted.
    expect((await scan(system.url('redirect'), code.slug)).headers.get('location')).toBe(`${BASE}/p/${code.slug}`);
    await scansIngested(system);
    expect((await sut.get(`/api/qrcodes/${code.id}`)).json).toMatchObject({ totalScans: 1 });

    expect((await sut.post(`/api/qrcodes/${code.id}/deactivate`)).status).toBe(200);
    const inactive = await system.client().get(`/api/public/pages/${code.slug}`);
    expect(inactive.status).toBe(410);
    expect(inactive.json.message).toBe('This QR code is not active');
    expect((await system.client().get('/api/public/pages/nosuch1')).status).toBe(404);
  });

  it('a Wi-Fi page: the join code decodes to the network, and a password change is recorded without the password', async () => {
    const sut = alice.client;
    const code = await createContentCode(sut, 'Guest Wi-Fi', { type: 'wifi', ssid: 'Café;Guests', security: 'WPA', password: 'pass:word"1', hidden: false });
    const page = await system.client().get(`/api/public/pages/${code.slug}`);
    expect(page.json.content).toEqual({ type: 'wifi', ssid: 'Café;Guests', security: 'WPA', password: 'pass:word"1', hidden: false });

    // What the page's "join" code holds, read back by an independent decoder.
    const png = await QRCode.toBuffer(wifiPayload(page.json.content as never), { width: 300 });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe('WIFI:T:WPA;S:Café\\;Guests;P:pass\\:word\\"1;;');

    const weak = await sut.patch(`/api/qrcodes/${code.id}`, { content: { type: 'wifi', ssid: 'Café;Guests', security: 'WPA', password: 'short', hidden: false } });
    expect(weak.status).toBe(400);
    expect(weak.json.fields).toMatchObject({ 'content.password': 'A WPA password has 8 to 63 characters' });
    expect((await sut.patch(`/api/qrcodes/${code.id}`, { content: { type: 'wifi', ssid: 'Café;Guests', security: 'WPA', password: 'another-secret', hidden: true } })).status).toBe(200);
    const [entry] = (await sut.get(`/api/qrcodes/${code.id}/history`)).json.items as { kind: string; changes: unknown[] }[];
    expect(entry).toMatchObject({
      kind: 'content',
      changes: expect.arrayContaining([
        { field: 'content.password', before: 'set', after: 'set' },
        { field: 'content.hidden', before: false, after: true },
      ]),
    });
    expect(JSON.stringify(entry)).not.toContain('another-secret');
  });
});

describe('Content codes on local disk (the default storage)', () => {
  let system: TestSystem;
  let alice: Customer;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'content-files-'));
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'], env: { PUBLIC_BASE_URL: BASE, CONTENT_STORAGE_DIR: dir } });
    alice = await subscribedCustomer(system);
  });
  afterAll(async () => {
    await system.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores an image in the configured folder and serves it on the page; another owner cannot use the file', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff000080' } }).png().toBuffer();
    const uploaded = await upload(system, alice.client, png, 'logo.png', 'image', 'image/png');
    expect(uploaded.status).toBe(201);
    expect(await readdir(dir)).toEqual([uploaded.json.id]);

    const code = await createContentCode(alice.client, 'Bio', { type: 'links', title: 'Us', avatarFileId: uploaded.json.id, links: [{ label: 'Home', url: 'https://example.com' }] }, false);
    const page = await system.client().get(`/api/public/pages/${code.slug}`);
    const avatar = await fetch(`${system.url('gateway')}${(page.json.files as Record<string, { url: string }>)[uploaded.json.id].url}`);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).width).toBe(64);
    expect((await fetch(`${system.url('gateway')}/api/public/pages/${code.slug}/files/00000000-0000-4000-8000-000000000000`)).status).toBe(404);

    const bob = await subscribedCustomer(system);
    const stolen = await bob.client.post('/api/qrcodes', { name: 'Mine', content: { type: 'file', fileId: uploaded.json.id } });
    expect(stolen.status).toBe(400);
    expect(stolen.json.fields).toMatchObject({ 'content.fileId': 'Upload the file again' });
  });

  it('refuses a content code without content fields it needs, with a message per field', async () => {
    const res = await alice.client.post('/api/qrcodes', { name: 'Card', content: { type: 'vcard', phones: [{ number: 'call me' }], emails: ['nope'] } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({
      'content.firstName': 'Enter a first or last name',
      'content.phones.0.number': 'Enter a phone number of digits, spaces and + ( ) - . only',
      'content.emails.0': 'Enter a valid email address',
    });
    const website = await alice.client.post('/api/qrcodes', { name: 'Site' });
    expect(website.status).toBe(400);
    expect(website.json.fields).toMatchObject({ destinationUrl: 'URL is required' });
  });
});
