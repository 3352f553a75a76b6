import { readFileSync } from 'node:fs';
import { parse as parseDisposition } from 'content-disposition';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import S3rver from 's3rver';
import sharp from 'sharp';
import vCard from 'vcf';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ReconcileCheck, wifiPayload } from '@qrd/contracts';
import { ContentFileJanitor } from '../../../apps/qr-service/src/content/content-file-janitor';
import { ContentStorage } from '../../../apps/qr-service/src/content/content-storage';
import { QrReconciler } from '../../../apps/qr-service/src/reconciliation/qr-reconciler';
import { sql } from './accounts-fixtures';
import { failNext } from './fault-injection';
import { TestSystem } from './harness';
import { createContentCode, pdf, photo, upload } from './content-fixtures';
import { Customer, scansIngested, subscribedCustomer } from './qr-fixtures';

const BASE = 'http://qr.example.test:8080';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const HOUR = 3600_000;

async function metric(system: TestSystem, service: string, series: string): Promise<number> {
  const text = await (await fetch(`${system.url(service)}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** One reconciliation pass of the qr-service, `laterMs` from now as far as the file sweep's grace periods go. */
async function sweepFiles(system: TestSystem, laterMs: number): Promise<ReconcileCheck | undefined> {
  const qr = system.apps.get('qr');
  if (!qr) throw new Error('qr is not running');
  const janitor = qr.get(ContentFileJanitor);
  janitor.now = () => Date.now() + laterMs;
  try {
    return (await qr.get(QrReconciler).run()).find((check) => check.check === 'content-files');
  } finally {
    janitor.now = Date.now;
  }
}

/**
 * A file goes from the storage (and its row) once no live code of the owner names it: replaced by
 * an edit, its last code deleted, an upload never attached after the grace period; a removal that
 * fails does not fail the edit and is retried by the sweep. `stored` reads the storage directly.
 */
async function filesGoWhenNoCodeNamesThem(system: TestSystem, owner: Customer, stored: () => Promise<string[]>): Promise<void> {
  const sut = owner.client;
  const first = await upload(system, sut, await pdf('first menu'), 'menu.pdf', 'file');
  const code = await createContentCode(sut, 'Menu', { type: 'file', title: 'Menu', fileId: first.json.id });
  const second = await upload(system, sut, await pdf('second menu'), 'menu.pdf', 'file');
  expect((await sut.patch(`/api/qrcodes/${code.id}`, { content: { type: 'file', title: 'Menu', fileId: second.json.id } })).status).toBe(200);
  expect(await stored()).not.toContain(first.json.id);
  expect(await stored()).toContain(second.json.id);
  expect(await sql(system, 'SELECT id FROM qr.content_files WHERE id = $1', [first.json.id])).toEqual([]);

  // Named by two codes: it stays until the last of them goes.
  const shared = await upload(system, sut, await photo(), 'me.jpg', 'image');
  const card = await createContentCode(sut, 'Card', { type: 'vcard', firstName: 'Ann', photoFileId: shared.json.id });
  const bio = await createContentCode(sut, 'Bio', { type: 'links', title: 'Ann', avatarFileId: shared.json.id, links: [{ label: 'Home', url: 'https://example.com' }] });
  expect((await sut.request('DELETE', `/api/qrcodes/${card.id}`)).status).toBe(204);
  expect(await stored()).toContain(shared.json.id);
  expect((await system.client().get(`/api/public/pages/${bio.slug}`)).status).toBe(200);
  expect((await sut.request('DELETE', `/api/qrcodes/${bio.id}`)).status).toBe(204);
  expect(await stored()).not.toContain(shared.json.id);

  // Deleted with others from the dashboard's selection: gone at once too.
  const flyer = await upload(system, sut, await pdf('flyer'), 'flyer.pdf', 'file');
  const flyerCode = await createContentCode(sut, 'Flyer', { type: 'file', title: 'Flyer', fileId: flyer.json.id });
  expect((await sut.post('/api/qrcodes/bulk/delete', { ids: [flyerCode.id] })).status).toBe(200);
  expect(await stored()).not.toContain(flyer.json.id);

  // An upload never attached: kept through its grace period, swept after it.
  const unattached = await upload(system, sut, await pdf('draft'), 'draft.pdf', 'file');
  await sweepFiles(system, 0);
  expect(await stored()).toContain(unattached.json.id);
  await sweepFiles(system, 25 * HOUR);
  expect(await stored()).not.toContain(unattached.json.id);
  expect(await stored()).toContain(second.json.id);

  // The storage fails to remove the replaced file: the edit still succeeds; the failure is counted and the sweep removes it.
  const failedBefore = await metric(system, 'qr', 'content_file_removals_failed_total');
  const third = await upload(system, sut, await pdf('third menu'), 'menu.pdf', 'file');
  failNext(system.apps.get('qr')?.get(ContentStorage) as object, 'remove', 1, new Error('storage unreachable'));
  expect((await sut.patch(`/api/qrcodes/${code.id}`, { content: { type: 'file', title: 'Menu', fileId: third.json.id } })).status).toBe(200);
  expect(await metric(system, 'qr', 'content_file_removals_failed_total')).toBe(failedBefore + 1);
  expect(await stored()).toContain(second.json.id);
  await sweepFiles(system, 0);
  expect(await stored()).toContain(second.json.id);
  expect(await sweepFiles(system, 2 * HOUR)).toMatchObject({ check: 'content-files', needsAttention: 0 });
  expect(await stored()).not.toContain(second.json.id);
  expect(await stored()).toContain(third.json.id);
  const page = await system.client().get(`/api/public/pages/${code.slug}`);
  const served = await fetch(`${system.url('gateway')}${(page.json.files as Record<string, { url: string }>)[third.json.id].url}`);
  expect(served.status).toBe(200);
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

    // The scan lands on the page itself, rendered by the redirect-service (no hop to /p/{slug}).
    const scanned = await fetch(`${system.url('redirect')}/r/${code.slug}`, { headers: { 'user-agent': IPHONE } });
    expect(scanned.status).toBe(200);
    const html = await scanned.text();
    expect(html).toContain('<h1 elementtiming="main">Zoë Müller-Łukasz</h1>');
    expect(html).toContain(`href="/api/public/pages/${code.slug}/contact.vcf" download>`);
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
    // The photo's address names an upload that never changes: cached for a year, revalidated by its ETag.
    expect(shown.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const photoTag = shown.headers.get('etag') ?? '';
    expect(photoTag).toBe(`"${uploaded.json.id}"`);
    const photoAgain = await fetch(`${system.url('gateway')}${photoUrl}`, { headers: { 'if-none-match': `W/${photoTag}` } });
    expect(photoAgain.status).toBe(304);
    expect(photoAgain.headers.get('etag')).toBe(photoTag);
    // As the page shows it: a small square WebP, a few kB for a phone network.
    const avatar = await fetch(`${system.url('gateway')}${photoUrl}?variant=avatar`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/webp');
    expect(avatar.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const small = Buffer.from(await avatar.arrayBuffer());
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 240, height: 240 });
    expect(small.length).toBeLessThan(20_000);
    expect((await fetch(`${system.url('gateway')}${photoUrl}?variant=<huge>`)).status).toBe(400);

    const vcf = await fetch(`${system.url('gateway')}${page.json.vcardUrl as string}`);
    expect(vcf.status).toBe(200);
    expect(vcf.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    // Revalidated, never kept blindly: the owner may edit the card; unchanged, a 304 without building it again.
    expect(vcf.headers.get('cache-control')).toBe('no-cache');
    const vcfTag = vcf.headers.get('etag') ?? '';
    expect(vcfTag).toMatch(/^"vcf-[\w-]{27}"$/);
    expect((await fetch(`${system.url('gateway')}${page.json.vcardUrl as string}`, { headers: { 'if-none-match': vcfTag } })).status).toBe(304);
    expect((await sut.patch(`/api/qrcodes/${code.id}`, { content: { ...card, title: 'Chief of Things' } })).status).toBe(200);
    const edited = await fetch(`${system.url('gateway')}${page.json.vcardUrl as string}`, { headers: { 'if-none-match': vcfTag } });
    expect(edited.status).toBe(200);
    expect(await edited.text()).toContain('Chief of Things');
    const disposition = parseDisposition(vcf.headers.get('content-disposition') ?? '');
    expect(disposition.type).toBe('attachment');
    expect(disposition.parameters.filename).toMatch(/^[A-Za-z0-9-]+\.vcf$/);
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
    expect(parseDisposition(served.headers.get('content-disposition') ?? '')).toEqual({ type: 'inline', parameters: { filename: 'hours.pdf' } });
    expect(served.headers.get('cache-control')).toBe('no-cache');
    const fileUrl = (page.json.files as Record<string, { url: string }>)[uploaded.json.id].url;
    const unchanged = await fetch(`${system.url('gateway')}${fileUrl}`, { headers: { 'if-none-match': served.headers.get('etag') ?? '' } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
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
    const scanned = await fetch(`${system.url('redirect')}/r/${code.slug}`, { headers: { 'user-agent': IPHONE } });
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).toContain('href="https://blog.example.com" rel="noopener noreferrer nofollow">Blog</a>');
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

  it('removes a file from the bucket once no code of the owner names it', async () => {
    const bucket = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const stored = async () => ((await bucket.send(new ListObjectsV2Command({ Bucket: 'content-files' }))).Contents ?? []).map((object) => object.Key ?? '');
    await filesGoWhenNoCodeNamesThem(system, await subscribedCustomer(system), stored);
    bucket.destroy();
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

  it('removes a file from the folder once no code of the owner names it', async () => {
    await filesGoWhenNoCodeNamesThem(system, await subscribedCustomer(system), () => readdir(dir));
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
