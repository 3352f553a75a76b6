import { ARCHIVE_MESSAGES, PRINT_MESSAGES } from '@qrd/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { newUser, signIn, sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { unzipFiles } from '@qrd/testing';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

const run = promisify(execFile);
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function decodePng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

describe('Bulk download: the chosen codes as one ZIP', () => {
  let system: TestSystem;
  let alice: Customer;
  let workDir: string;
  /** id -> short URL of all 200 of alice's codes. */
  const codes = new Map<string, string>();
  let bobCodeId: string;
  let designedSlug: string;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'qr-archive-'));
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'] });
    alice = await subscribedCustomer(system);
    // One made and designed through the product (a frame, round eyes and a gradient) ...
    const first = await createCode(alice.client, { name: 'Lunch menu', destinationUrl: 'https://example.com/lunch' });
    const designed = await alice.client.put(`/api/qrcodes/${first.id}/design`, {
      foreground: '#0d47a1',
      background: '#ffffff',
      errorCorrection: 'M',
      margin: 4,
      dotStyle: 'rounded',
      eyeStyle: 'circle',
      eyeColour: '#b71c1c',
      gradient: { to: '#1b5e20', angle: 45 },
      frame: 'border',
      frameText: 'Scan me',
    });
    expect(designed.status).toBe(200);
    designedSlug = first.slug;
    // ... and 199 more as the qr-service stores them (buying 199 seats one by one is another test's
    // business): names repeat on purpose ("Lunch menu" too), some are empty of safe characters.
    const slugs = Array.from({ length: 199 }, (_, i) => {
      let text = '';
      for (let k = 0, n = i; k < 6; k++, n = Math.floor(n / 62)) text = BASE62[n % 62] + text;
      return `z${text}`;
    });
    const names = slugs.map((_, i) => (i % 10 === 0 ? 'Lunch menu' : i % 10 === 1 ? '☕☕' : i % 10 === 2 ? 'Table/../etc' : `Table ${i}`));
    const designs = slugs.map((_, i) =>
      JSON.stringify(i % 3 === 0 ? {} : { dotStyle: 'dots', eyeStyle: 'rounded', frame: 'label', frameText: 'Menu', margin: 4 }),
    );
    await sql(
      system,
      `INSERT INTO qr.codes (slug, owner_id, name, destination, design)
       SELECT r.slug, $1, r.name, 'https://example.com/table', r.design::jsonb FROM unnest($2::text[], $3::text[], $4::text[]) AS r(slug, name, design)`,
      [alice.user.id, slugs, names, designs],
    );
    const list = await alice.client.get('/api/qrcodes');
    for (const code of list.json as { id: string; shortUrl: string }[]) codes.set(code.id, code.shortUrl);
    expect(codes.size).toBe(200);

    const bobUser = await newUser(system);
    const bob = await signIn(system, bobUser);
    await sql(system, `INSERT INTO qr.codes (slug, owner_id, name, destination, design) VALUES ('ybobcode', $1, 'Bob', 'https://example.com', '{}')`, [
      bobUser.id,
    ]);
    bobCodeId = (await sql<{ id: string }>(system, `SELECT id FROM qr.codes WHERE slug = 'ybobcode'`))[0].id;
    expect(bob).toBeDefined();
  }, 180_000);

  afterAll(async () => {
    await system.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  const cookie = () => [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');

  async function archive(body: unknown): Promise<{ status: number; headers: Headers; body: Buffer }> {
    const res = await fetch(`${system.url('gateway')}/api/qrcodes/archive`, {
      method: 'POST',
      headers: { cookie: cookie(), 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  it('gives 200 PNGs, one per code, each named after its code and decoding to its short link', async () => {
    const res = await archive({ ids: [...codes.keys()], format: 'png', size: 256 });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="qr-codes-\d{4}-\d{2}-\d{2}\.zip"$/);
    // Streamed as it is made: no length is known up front.
    expect(res.headers.get('content-length')).toBeNull();
    const files = await unzipFiles(res.body);
    expect(files.size).toBe(200);
    const names = [...files.keys()];
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(200);
    expect(names.every((name) => /^[A-Za-z0-9._-]+\.png$/.test(name) && !name.includes('..') && !name.includes('/'))).toBe(true);
    expect(names).toContain(`Lunch-menu-${designedSlug}.png`);
    expect(names.filter((name) => name.startsWith('Table-') && /^Table-\d+\.png$/.test(name))).toHaveLength(199 - 60);
    const decoded = [];
    for (const [, png] of files) {
      // The framed ones are taller than wide; transparent or not, they are read as printed on white.
      decoded.push(decodePng(await sharp(png).flatten({ background: '#ffffff' }).png().toBuffer()));
    }
    expect(decoded.sort()).toEqual([...codes.values()].sort());
  }, 300_000);

  it('gives SVGs and print PDFs (50 mm, 3 mm bleed) of a few codes that decode', async () => {
    const ids = [...codes.keys()].slice(0, 3);

    const svg = await archive({ ids, format: 'svg', size: 512 });
    const pdf = await archive({ ids, format: 'pdf', size: 50, unit: 'mm', bleed: 3, cropMarks: true });

    expect([svg.status, pdf.status]).toEqual([200, 200]);
    const svgs = await unzipFiles(svg.body);
    const pdfs = await unzipFiles(pdf.body);
    expect([...svgs.keys()].every((name) => name.endsWith('.svg'))).toBe(true);
    expect([...pdfs.keys()].every((name) => name.endsWith('.pdf'))).toBe(true);
    const read: string[] = [];
    for (const body of svgs.values()) read.push(decodePng(await sharp(body).flatten({ background: '#ffffff' }).png().toBuffer()) ?? '');
    for (const [name, body] of pdfs) {
      const base = join(workDir, name.replace(/\.pdf$/, ''));
      await writeFile(`${base}.pdf`, body);
      const { stdout } = await run('/usr/bin/pdfinfo', [`${base}.pdf`]);
      // 50 mm plus 3 mm each side wide: 56 mm = 158.74 pt.
      expect(/Page size:\s+([\d.]+) x/.exec(stdout)?.[1]).toBe('158.74');
      await run('/usr/bin/pdftoppm', ['-png', '-r', '200', '-singlefile', `${base}.pdf`, base]);
      read.push(decodePng(await readFile(`${base}.png`)) ?? '');
    }
    const expected = ids.map((id) => codes.get(id));
    expect(read.sort()).toEqual([...expected, ...expected].sort());
  }, 120_000);

  it.each([
    ['no body fields', {}, 'ids', ARCHIVE_MESSAGES.ids],
    ['no codes', { ids: [], format: 'png', size: 512 }, 'ids', ARCHIVE_MESSAGES.ids],
    ['501 codes', { ids: Array.from({ length: 501 }, (_, i) => `id-${i}`), format: 'png', size: 512 }, 'ids', ARCHIVE_MESSAGES.ids],
    ['an id that is a number', { ids: [42], format: 'png', size: 512 }, 'ids', ARCHIVE_MESSAGES.idsText],
    ['gif', { ids: ['x'], format: 'gif', size: 512 }, 'format', ARCHIVE_MESSAGES.format],
    ['128 px', { ids: ['x'], format: 'png', size: 128 }, 'size', ARCHIVE_MESSAGES.size],
    ['4097 px', { ids: ['x'], format: 'png', size: 4097 }, 'size', ARCHIVE_MESSAGES.size],
    ['a size as text', { ids: ['x'], format: 'png', size: '1024' }, 'size', ARCHIVE_MESSAGES.size],
    ['a 5 mm PDF', { ids: ['x'], format: 'pdf', size: 5 }, 'size', PRINT_MESSAGES.printSize('mm')],
    ['a PDF in cm', { ids: ['x'], format: 'pdf', size: 50, unit: 'cm' }, 'unit', PRINT_MESSAGES.unit],
    ['an 11 mm bleed', { ids: ['x'], format: 'pdf', size: 50, bleed: 11 }, 'bleed', PRINT_MESSAGES.bleed('mm')],
    ['a bleed on a PNG', { ids: ['x'], format: 'png', size: 512, bleed: 3 }, 'bleed', 'A unit, bleed and crop marks apply to PDF downloads only'],
    ['an unknown field', { ids: ['x'], format: 'png', size: 512, colour: 'red' }, 'colour', 'Unknown field "colour"'],
  ])('answers 400 for %s', async (_label, body, field, message) => {
    const res = await archive(body);

    expect(res.status).toBe(400);
    const answer = JSON.parse(res.body.toString('utf8'));
    expect(answer.fields[field]).toBe(message);
  });

  it("answers 404 when any code is someone else's, deleted or unknown, and sends no archive", async () => {
    const own = [...codes.keys()][1];
    const deleted = [...codes.keys()][2];
    await alice.client.delete(`/api/qrcodes/${deleted}`);

    const foreign = await archive({ ids: [own, bobCodeId], format: 'png', size: 256 });
    const gone = await archive({ ids: [own, deleted, '00000000-0000-4000-8000-000000000000'], format: 'png', size: 256 });

    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body.toString('utf8')).message).toBe(ARCHIVE_MESSAGES.notFound(1));
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body.toString('utf8')).message).toBe(ARCHIVE_MESSAGES.notFound(2));
    codes.delete(deleted);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const res = await fetch(`${system.url('gateway')}/api/qrcodes/archive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ ids: [...codes.keys()].slice(0, 1), format: 'png', size: 256 }),
    });

    expect(res.status).toBe(401);
  });
});
