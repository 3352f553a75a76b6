import { Resvg } from '@resvg/resvg-js';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { QR_DOT_STYLES, QR_ERROR_CORRECTION_LEVELS, QR_IMAGE_FORMATS, QrImageFormat } from '@qrd/contracts';
import { normalizeLogo } from './logo';
import { DEFAULT_DESIGN, QrDesign } from './qr-design';
import { QrRenderingError, QrRenderingErrorCode } from './qr-rendering.error';
import { QrRenderer, renderCacheKey } from './qr-renderer';

const run = promisify(execFile);
const URL = 'http://localhost:8080/r/Ab3dE7x';
const COLOURED: QrDesign = { ...DEFAULT_DESIGN, foreground: '#1a237e', background: '#fff9c4' };

let workDir: string;
let logoDesign: QrDesign;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'qr-render-'));
  // A busy, high-contrast logo (checkerboard) is the hardest case for the scanner next to it.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">' +
    '<rect width="400" height="300" fill="#d81b60"/><path d="M0 0h100v100H0zM200 0h100v100H200zM100 100h100v100H100zM300 100h100v100H300zM0 200h100v100H0zM200 200h100v100H200z" fill="#000"/></svg>';
  const logo = await normalizeLogo(await sharp(Buffer.from(svg)).jpeg().toBuffer());
  logoDesign = { ...DEFAULT_DESIGN, logo };
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface Decoded {
  text: string | null;
  width: number;
  height: number;
}

/** Only the non-inverted pass, so a code only readable as a negative would fail. */
function decodeRgba(png: Buffer): Decoded {
  const image = PNG.sync.read(png);
  const result = jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' });
  return { text: result ? result.data : null, width: image.width, height: image.height };
}

let pdfCount = 0;

/** Each format is read back by a renderer other than the one that made it (sharp for PNG). */
async function decode(format: QrImageFormat, body: Buffer): Promise<Decoded> {
  switch (format) {
    case 'png':
      return decodeRgba(body);
    case 'svg':
      return decodeRgba(new Resvg(body.toString('utf8'), { background: 'white' }).render().asPng());
    case 'pdf': {
      const base = join(workDir, `code-${pdfCount++}`);
      await writeFile(`${base}.pdf`, body);
      await run('/usr/bin/pdftoppm', ['-png', '-r', '72', '-singlefile', `${base}.pdf`, base]);
      return decodeRgba(await readFile(`${base}.png`));
    }
  }
}

describe(QrRenderer.name, () => {
  const sut = new QrRenderer();

  describe('every format scans back to the encoded URL', () => {
    const matrix = QR_IMAGE_FORMATS.flatMap((format) =>
      QR_DOT_STYLES.flatMap((dotStyle) => QR_ERROR_CORRECTION_LEVELS.map((errorCorrection) => ({ format, dotStyle, errorCorrection }))),
    );

    it.each(matrix)('$format, $dotStyle style, error correction $errorCorrection', async ({ format, dotStyle, errorCorrection }) => {
      const rendered = await sut.render(URL, { ...DEFAULT_DESIGN, dotStyle, errorCorrection }, format, 512);

      await expect(decode(format, rendered.body)).resolves.toEqual({ text: URL, width: 512, height: 512 });
    });

    const styled = QR_IMAGE_FORMATS.flatMap((format) => QR_DOT_STYLES.map((dotStyle) => ({ format, dotStyle })));

    it.each(styled)('$format, $dotStyle style, with a centre logo', async ({ format, dotStyle }) => {
      const rendered = await sut.render(URL, { ...logoDesign, dotStyle, errorCorrection: 'L' }, format, 512);

      await expect(decode(format, rendered.body)).resolves.toEqual({ text: URL, width: 512, height: 512 });
    });

    it.each(styled)('$format, $dotStyle style, dark blue on light yellow', async ({ format, dotStyle }) => {
      const rendered = await sut.render(URL, { ...COLOURED, dotStyle }, format, 512);

      await expect(decode(format, rendered.body)).resolves.toEqual({ text: URL, width: 512, height: 512 });
    });

    it.each(QR_DOT_STYLES)('a long URL (version 7+, centre alignment pattern under the logo), %s style', async (dotStyle) => {
      const long = `https://links.example-company.com/r/Ab3dE7x/${'campaign'.repeat(8)}`;

      const rendered = await sut.render(long, { ...logoDesign, dotStyle }, 'png', 1024);

      await expect(decode('png', rendered.body)).resolves.toEqual({ text: long, width: 1024, height: 1024 });
    });

    it.each(QR_IMAGE_FORMATS)('%s at the smallest size, 128', async (format) => {
      const rendered = await sut.render(URL, DEFAULT_DESIGN, format, 128);

      await expect(decode(format, rendered.body)).resolves.toEqual({ text: URL, width: 128, height: 128 });
    });
  });

  describe('sizes', () => {
    it('makes a PNG of exactly 4096 x 4096 pixels', async () => {
      const rendered = await sut.render(URL, { ...logoDesign, dotStyle: 'rounded' }, 'png', 4096);

      const image = PNG.sync.read(rendered.body);
      expect([image.width, image.height]).toEqual([4096, 4096]);
    });

    it('sizes the SVG and the PDF page to the requested size', async () => {
      const svg = await sut.renderSvg(URL, DEFAULT_DESIGN, 4096);
      const pdf = await sut.render(URL, DEFAULT_DESIGN, 'pdf', 4096);

      expect(svg).toContain('width="4096" height="4096"');
      expect(pdf.body.toString('latin1')).toMatch(/\/MediaBox \[0 0 4096 4096\]/);
    });

    it.each([127, 4097, 512.5, 0, -512, Number.NaN, Number.POSITIVE_INFINITY])('refuses size %p', async (size) => {
      const attempt = sut.render(URL, DEFAULT_DESIGN, 'png', size);

      await expect(attempt).rejects.toThrow('The image size must be a whole number of pixels from 128 to 4096');
      await expect(attempt).rejects.toMatchObject({ code: QrRenderingErrorCode.InvalidSize });
    });
  });

  describe('output', () => {
    it('labels each format with its content type', async () => {
      const types = await Promise.all(QR_IMAGE_FORMATS.map(async (format) => (await sut.render(URL, DEFAULT_DESIGN, format, 256)).contentType));

      expect(types).toEqual(['image/png', 'image/svg+xml', 'application/pdf']);
    });

    it('draws all dark modules of an SVG in one path per colour', async () => {
      for (const dotStyle of QR_DOT_STYLES) {
        const svg = await sut.renderSvg(URL, { ...COLOURED, dotStyle }, 512);

        expect(svg.match(/<path /g)).toHaveLength(1);
        expect(svg.match(/<rect /g)).toHaveLength(1);
        expect(svg).toContain('fill="#1a237e"');
        expect(svg).toContain('fill="#fff9c4"');
      }
    });

    it('draws the PDF as vectors: no image unless the design has a logo', async () => {
      const plain = await sut.render(URL, DEFAULT_DESIGN, 'pdf', 512);
      const withLogo = await sut.render(URL, logoDesign, 'pdf', 512);

      expect(plain.body.toString('latin1')).not.toContain('/Subtype /Image');
      expect(withLogo.body.toString('latin1')).toContain('/Subtype /Image');
    });

    it('refuses an invalid design with its reasons', async () => {
      const inverted = { ...DEFAULT_DESIGN, foreground: '#ffffff', background: '#000000' };

      await expect(sut.render(URL, inverted, 'svg', 512)).rejects.toMatchObject({
        code: QrRenderingErrorCode.InvalidDesign,
        details: [expect.stringContaining('must be darker than the background')],
      });
    });

    it('refuses text that does not fit in a QR code', async () => {
      const attempt = sut.render('x'.repeat(2000), logoDesign, 'svg', 512);

      await expect(attempt).rejects.toBeInstanceOf(QrRenderingError);
      await expect(attempt).rejects.toMatchObject({ code: QrRenderingErrorCode.InvalidText });
    });
  });

  describe('determinism', () => {
    it.each(QR_IMAGE_FORMATS)('gives the same %s bytes for the same inputs', async (format) => {
      const design = { ...logoDesign, dotStyle: 'dots' as const, foreground: '#1a237e' };

      const first = await sut.render(URL, design, format, 600);
      const second = await new QrRenderer().render(URL, { ...design }, format, 600);

      expect(second.body.equals(first.body)).toBe(true);
    });

    it('gives a short, stable cache key that ignores setting order and colour case', () => {
      const reordered: QrDesign = {
        logo: null,
        frameText: 'Scan me',
        frame: 'none',
        transparent: false,
        gradient: null,
        eyeColour: null,
        eyeStyle: null,
        dotStyle: 'square',
        margin: 4,
        errorCorrection: 'M',
        background: '#FFFFFF',
        foreground: '#000000',
      };

      const key = renderCacheKey(URL, DEFAULT_DESIGN, 'png', 512);

      expect(key).toMatch(/^[0-9a-f]{16}$/);
      expect(renderCacheKey(URL, reordered, 'png', 512)).toBe(key);
    });

    it('changes the cache key when anything that shows in the image changes', () => {
      const key = renderCacheKey(URL, DEFAULT_DESIGN, 'png', 512);
      const variants = [
        renderCacheKey(`${URL}x`, DEFAULT_DESIGN, 'png', 512),
        renderCacheKey(URL, DEFAULT_DESIGN, 'svg', 512),
        renderCacheKey(URL, DEFAULT_DESIGN, 'png', 513),
        renderCacheKey(URL, { ...DEFAULT_DESIGN, dotStyle: 'dots' }, 'png', 512),
        renderCacheKey(URL, { ...DEFAULT_DESIGN, margin: 2 }, 'png', 512),
        renderCacheKey(URL, { ...DEFAULT_DESIGN, errorCorrection: 'H' }, 'png', 512),
        renderCacheKey(URL, COLOURED, 'png', 512),
        renderCacheKey(URL, logoDesign, 'png', 512),
      ];

      expect(new Set([key, ...variants]).size).toBe(variants.length + 1);
    });
  });
});
