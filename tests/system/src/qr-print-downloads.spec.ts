import { PRINT_MESSAGES } from '@qrd/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { TestSystem } from './harness';
import { createCode, Customer, subscribedCustomer } from './qr-fixtures';

const run = promisify(execFile);
const MM_TO_PT = 72 / 25.4;

describe('Download options: PNG sizes and PDFs for print', () => {
  let system: TestSystem;
  let alice: Customer;
  let code: { id: string; shortUrl: string };
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'qr-print-'));
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'] });
    alice = await subscribedCustomer(system);
    code = await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' });
  });
  afterAll(async () => {
    await system.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  const cookie = () => [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');

  async function download(query: string): Promise<{ status: number; type: string | null; body: Buffer }> {
    const res = await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/download?${query}`, { headers: { cookie: cookie() } });
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  }

  function decodePng(png: Buffer): string | null {
    const image = PNG.sync.read(png);
    return jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  }

  /** poppler's pdfinfo and pdftoppm, not the library that wrote the file. */
  async function readPdf(body: Buffer, dpi: number): Promise<{ pageSize: [number, number]; png: Buffer }> {
    const base = join(workDir, `page-${Math.random().toString(36).slice(2)}`);
    await writeFile(`${base}.pdf`, body);
    const { stdout } = await run('/usr/bin/pdfinfo', [`${base}.pdf`]);
    const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
    if (!match) throw new Error(`no page size in ${stdout}`);
    await run('/usr/bin/pdftoppm', ['-png', '-r', String(dpi), '-singlefile', `${base}.pdf`, base]);
    return { pageSize: [Number(match[1]), Number(match[2])], png: await readFile(`${base}.png`) };
  }

  it('makes a PDF at 50 mm with 3 mm bleed a 56 mm page that decodes to the short link', async () => {
    const pdf = await download('format=pdf&printSize=50&unit=mm&bleed=3&cropMarks=true');

    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    const { pageSize, png } = await readPdf(pdf.body, 300);
    expect(pageSize[0]).toBeCloseTo(56 * MM_TO_PT, 1);
    expect(pageSize[1]).toBeCloseTo(56 * MM_TO_PT, 1);
    expect(decodePng(png)).toBe(code.shortUrl);
  });

  it('takes inches too, and a page without bleed is the print size', async () => {
    const pdf = await download('format=pdf&printSize=2&unit=in');

    expect(pdf.status).toBe(200);
    const { pageSize, png } = await readPdf(pdf.body, 200);
    expect(pageSize).toEqual([144, 144]);
    expect(decodePng(png)).toBe(code.shortUrl);
  });

  it.each([
    ['format=pdf&printSize=5&unit=mm', 'printSize', PRINT_MESSAGES.printSize('mm')],
    ['format=pdf&printSize=1001', 'printSize', PRINT_MESSAGES.printSize('mm')],
    ['format=pdf&printSize=41&unit=in', 'printSize', PRINT_MESSAGES.printSize('in')],
    ['format=pdf&printSize=abc', 'printSize', PRINT_MESSAGES.printSize('mm')],
    ['format=pdf&printSize=50&unit=cm', 'unit', PRINT_MESSAGES.unit],
    ['format=pdf&printSize=50&bleed=11', 'bleed', PRINT_MESSAGES.bleed('mm')],
    ['format=pdf&printSize=50&bleed=-1', 'bleed', PRINT_MESSAGES.bleed('mm')],
    ['format=pdf&printSize=50&cropMarks=yes&bleed=3', 'cropMarks', PRINT_MESSAGES.cropMarks],
    ['format=pdf&printSize=50&cropMarks=true', 'cropMarks', PRINT_MESSAGES.cropMarksNeedBleed],
    ['format=pdf&bleed=3', 'printSize', PRINT_MESSAGES.needsPrintSize],
    ['format=png&printSize=50', 'format', PRINT_MESSAGES.pdfOnly],
    ['format=pdf&printSize=50&printSize=60', 'printSize', 'The print size must be a number'],
    ['format=png&size=4097', 'size', 'The size must be a whole number of pixels from 128 to 4096'],
  ])('answers 400 for %s', async (query, field, message) => {
    const res = await alice.client.get(`/api/qrcodes/${code.id}/download?${query}`);

    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(res.json.fields[field]).toBe(message);
  });

  // Last: its long render can outlast the keep-alive of the pooled connection the next request would reuse.
  it('renders a 4096 px PNG that decodes', async () => {
    const png = await download('format=png&size=4096');

    expect(png.status).toBe(200);
    const image = PNG.sync.read(png.body);
    expect([image.width, image.height]).toEqual([4096, 4096]);
    expect(decodePng(png.body)).toBe(code.shortUrl);
  });
});
