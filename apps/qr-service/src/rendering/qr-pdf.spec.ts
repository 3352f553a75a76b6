import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { DEFAULT_DESIGN } from './qr-design';
import { QrRenderer, renderCacheKey } from './qr-renderer';

const run = promisify(execFile);
const URL = 'http://localhost:8080/r/Ab3dE7x';
const MM = 72 / 25.4;

/** The page box as written in the file (page dictionaries are not compressed). */
function mediaBox(pdf: Buffer): number[] {
  const match = /\/MediaBox \[([\d. ]+)\]/.exec(pdf.toString('latin1'));
  if (!match) throw new Error('no MediaBox');
  return match[1].trim().split(/\s+/).map(Number);
}

describe('QrRenderer.renderPrintPdf', () => {
  const sut = new QrRenderer();
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'qr-print-pdf-'));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('makes the page the print size plus the bleed on each side, the code centred and readable', async () => {
    const print = { sizePt: 50 * MM, bleedPt: 3 * MM, cropMarks: true };

    const { body, contentType } = await sut.renderPrintPdf(URL, DEFAULT_DESIGN, print);

    expect(contentType).toBe('application/pdf');
    const [x0, y0, width, height] = mediaBox(body);
    expect([x0, y0]).toEqual([0, 0]);
    expect(width).toBeCloseTo(56 * MM, 2);
    expect(height).toBeCloseTo(56 * MM, 2);
    await writeFile(join(workDir, 'print.pdf'), body);
    await run('/usr/bin/pdftoppm', ['-png', '-r', '300', '-singlefile', join(workDir, 'print.pdf'), join(workDir, 'print')]);
    const image = PNG.sync.read(await readFile(join(workDir, 'print.png')));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(URL);
  });

  it('gives the same bytes for the same layout, and another cache key than the plain PDF', async () => {
    const print = { sizePt: 144, bleedPt: 9, cropMarks: false };

    const first = await sut.renderPrintPdf(URL, DEFAULT_DESIGN, print);
    const second = await sut.renderPrintPdf(URL, DEFAULT_DESIGN, print);

    expect(first.body.equals(second.body)).toBe(true);
    expect(renderCacheKey(URL, DEFAULT_DESIGN, 'pdf', 1024, print)).not.toBe(renderCacheKey(URL, DEFAULT_DESIGN, 'pdf', 1024));
    expect(renderCacheKey(URL, DEFAULT_DESIGN, 'pdf', 1024, print)).not.toBe(renderCacheKey(URL, DEFAULT_DESIGN, 'pdf', 1024, { ...print, cropMarks: true }));
  });
});
