import { Resvg } from '@resvg/resvg-js';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { QR_DOT_STYLES, QR_EYE_STYLES, QR_IMAGE_FORMATS, QrImageFormat } from '@qrd/contracts';
import { DEFAULT_DESIGN, QrDesign, validateDesign } from './qr-design';
import { QrRenderer, renderCacheKey } from './qr-renderer';

const run = promisify(execFile);
const URL = 'http://localhost:8080/r/Ab3dE7x';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'qr-options-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface Decoded {
  text: string | null;
  width: number;
  height: number;
}

/**
 * Read back with jsQR (non-inverted pass only). Transparent pixels are laid on white first, as
 * on the paper or page a transparent code is placed on.
 */
async function decodePng(png: Buffer): Promise<Decoded> {
  const flat = await sharp(png).flatten({ background: '#ffffff' }).png().toBuffer();
  const image = PNG.sync.read(flat);
  const result = jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' });
  return { text: result ? result.data : null, width: image.width, height: image.height };
}

let pdfCount = 0;

/** Each format is rasterised by a renderer other than the one that made it (resvg for the SVG, poppler for the PDF). */
async function decode(format: QrImageFormat, body: Buffer): Promise<Decoded> {
  switch (format) {
    case 'png':
      return decodePng(body);
    case 'svg':
      return decodePng(new Resvg(body.toString('utf8')).render().asPng());
    case 'pdf': {
      const base = join(workDir, `code-${pdfCount++}`);
      await writeFile(`${base}.pdf`, body);
      await run('/usr/bin/pdftoppm', ['-png', '-r', '72', '-singlefile', `${base}.pdf`, base]);
      return decodePng(await readFile(`${base}.png`));
    }
  }
}

const framed = (design: Partial<QrDesign>): QrDesign => ({ ...DEFAULT_DESIGN, ...design });

describe('design options scan back with an independent decoder', () => {
  const sut = new QrRenderer();

  describe('frames with a call to action', () => {
    const cases = QR_IMAGE_FORMATS.flatMap((format) =>
      (['label', 'border'] as const).flatMap((frame) => ['Scan me', 'Menu', 'Scan for our lunch menu!'].map((frameText) => ({ format, frame, frameText }))),
    );

    it.each(cases)('$format, $frame frame, "$frameText"', async ({ format, frame, frameText }) => {
      const rendered = await sut.render(URL, framed({ frame, frameText, foreground: '#1a237e' }), format, 512);

      const decoded = await decode(format, rendered.body);
      expect(decoded.text).toBe(URL);
      // The band for the text is added below: as wide as asked, taller than wide.
      expect(decoded.width).toBe(512);
      expect(decoded.height).toBeGreaterThan(560);
    });

    it('draws the text in the SVG, escaped, and in the PDF', async () => {
      const svg = await sut.renderSvg(URL, framed({ frame: 'border', frameText: 'Fish & <Chips>' }), 512);
      const pdf = await sut.render(URL, framed({ frame: 'label', frameText: 'Menu' }), 'pdf', 512);

      expect(svg).toContain('>Fish &amp; &lt;Chips&gt;</text>');
      expect(pdf.body.toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
    });
  });

  describe('finder eyes', () => {
    const cases = (['png', 'svg', 'pdf'] as const).flatMap((format) =>
      QR_EYE_STYLES.flatMap((eyeStyle) => QR_DOT_STYLES.map((dotStyle) => ({ format, eyeStyle, dotStyle }))),
    );

    it.each(cases)('$format, $eyeStyle eyes in dark red with $dotStyle dots', async ({ format, eyeStyle, dotStyle }) => {
      const rendered = await sut.render(URL, framed({ eyeStyle, dotStyle, eyeColour: '#b71c1c' }), format, 512);

      await expect(decode(format, rendered.body)).resolves.toEqual({ text: URL, width: 512, height: 512 });
    });

    it('paints the eyes in their own colour', async () => {
      const svg = await sut.renderSvg(URL, framed({ eyeStyle: 'circle', eyeColour: '#b71c1c' }), 512);

      expect(svg).toContain('<path fill="#b71c1c"');
      expect(svg.match(/<path /g)).toHaveLength(2);
    });

    it.each(QR_EYE_STYLES)('%s eyes without a colour of their own are part of the foreground', async (eyeStyle) => {
      const rendered = await sut.render(URL, framed({ eyeStyle }), 'png', 512);
      const svg = await sut.renderSvg(URL, framed({ eyeStyle }), 512);

      await expect(decode('png', rendered.body)).resolves.toMatchObject({ text: URL });
      expect(svg.match(/<path /g)).toHaveLength(1);
    });
  });

  describe('gradient foreground', () => {
    const cases = QR_IMAGE_FORMATS.flatMap((format) => [0, 45, 90, 135, 270].map((angle) => ({ format, angle })));

    it.each(cases)('$format, dark blue to dark green at $angle degrees', async ({ format, angle }) => {
      const design = framed({ foreground: '#0d47a1', gradient: { to: '#1b5e20', angle }, dotStyle: 'rounded' });

      const rendered = await sut.render(URL, design, format, 512);

      await expect(decode(format, rendered.body)).resolves.toEqual({ text: URL, width: 512, height: 512 });
    });

    it('fills the dark modules with the gradient in the SVG and the PDF', async () => {
      const design = framed({ foreground: '#0d47a1', gradient: { to: '#1b5e20', angle: 45 } });

      const svg = await sut.renderSvg(URL, design, 512);
      const pdf = await sut.render(URL, design, 'pdf', 512);

      expect(svg).toContain('<stop offset="0" stop-color="#0d47a1"/><stop offset="1" stop-color="#1b5e20"/>');
      expect(svg).toContain('fill="url(#qr-fg)"');
      expect(pdf.body.toString('latin1')).toContain('/ShadingType 2');
    });

    it('changes colour across the code at the angle asked for', async () => {
      const rendered = await sut.render(URL, framed({ foreground: '#000000', gradient: { to: '#0000aa', angle: 0 } }), 'png', 512);
      const image = PNG.sync.read(rendered.body);
      // The average blue of the dark pixels in the left and the right quarter: black left, blue right.
      const blueIn = (from: number, to: number): number => {
        let sum = 0;
        let count = 0;
        for (let y = 0; y < image.height; y++) {
          for (let x = from; x < to; x++) {
            const i = (y * image.width + x) * 4;
            if (image.data[i] < 100 && image.data[i + 1] < 100) {
              sum += image.data[i + 2];
              count++;
            }
          }
        }
        return sum / count;
      };

      expect(blueIn(0, 128)).toBeLessThan(50);
      expect(blueIn(384, 512)).toBeGreaterThan(110);
    });
  });

  describe('transparent background', () => {
    it.each(['png', 'svg', 'pdf'] as const)('%s, laid on white, scans', async (format) => {
      const rendered = await sut.render(URL, framed({ transparent: true, background: '#000000', foreground: '#263238' }), format, 512);

      await expect(decode(format, rendered.body)).resolves.toEqual({ text: URL, width: 512, height: 512 });
    });

    it('leaves the PNG background fully transparent and draws no background in the SVG', async () => {
      const png = await sut.render(URL, framed({ transparent: true }), 'png', 512);
      const svg = await sut.renderSvg(URL, framed({ transparent: true }), 512);
      const image = PNG.sync.read(png.body);

      expect(image.data[3]).toBe(0);
      expect(svg).not.toContain('<rect');
    });

    it('with a border frame and gradient and round eyes all at once', async () => {
      const design = framed({
        transparent: true,
        frame: 'border',
        frameText: 'Scan me',
        eyeStyle: 'circle',
        eyeColour: '#4a148c',
        gradient: { to: '#880e4f', angle: 90 },
        foreground: '#1a237e',
      });

      for (const format of QR_IMAGE_FORMATS) {
        const rendered = await sut.render(URL, design, format, 768);
        await expect(decode(format, rendered.body)).resolves.toMatchObject({ text: URL, width: 768 });
      }
    });
  });

  it('keeps the cache keys of designs made before these options, and gives new ones their own', () => {
    const { eyeStyle, eyeColour, gradient, transparent, frame, frameText, ...before } = DEFAULT_DESIGN;
    const key = renderCacheKey(URL, DEFAULT_DESIGN, 'png', 512);
    const variants = [
      framed({ eyeStyle: 'circle' }),
      framed({ eyeColour: '#b71c1c' }),
      framed({ gradient: { to: '#1b5e20', angle: 0 } }),
      framed({ gradient: { to: '#1b5e20', angle: 90 } }),
      framed({ transparent: true }),
      framed({ frame: 'label' }),
      framed({ frame: 'border' }),
      framed({ frame: 'border', frameText: 'Menu' }),
    ].map((design) => renderCacheKey(URL, design, 'png', 512));

    expect([eyeStyle, eyeColour, gradient, transparent, frame, frameText]).toEqual([null, null, null, false, 'none', 'Scan me']);
    expect(renderCacheKey(URL, before as QrDesign, 'png', 512)).toBe(key);
    expect(new Set([key, ...variants]).size).toBe(variants.length + 1);
  });
});

describe('validation of the design options', () => {
  const errorsOf = (design: Record<string, unknown>): string[] => {
    const checked = validateDesign(design);
    return 'errors' in checked ? checked.errors : [];
  };

  it('accepts every option and normalises it', () => {
    const checked = validateDesign({
      foreground: '#0D47A1',
      gradient: { to: '#1B5E20', angle: 30 },
      eyeStyle: 'rounded',
      eyeColour: '#B71C1C',
      transparent: true,
      frame: 'border',
      frameText: '  Menu  ',
    });

    expect(checked).toEqual({
      design: {
        ...DEFAULT_DESIGN,
        foreground: '#0d47a1',
        gradient: { to: '#1b5e20', angle: 30 },
        eyeStyle: 'rounded',
        eyeColour: '#b71c1c',
        transparent: true,
        frame: 'border',
        frameText: 'Menu',
      },
    });
  });

  it('checks both gradient stops against the background', () => {
    expect(errorsOf({ background: '#eeeeee', gradient: { to: '#ffffff', angle: 0 } })).toContain(
      "The gradient's second colour must be darker than the background: many scanners cannot read light codes on a dark background",
    );
    expect(errorsOf({ gradient: { to: '#9e9e9e', angle: 0 } })).toEqual([
      "Gradient's second colour and background are too similar to scan reliably (contrast 2.6:1, at least 4.5:1 needed)",
    ]);
  });

  it('judges a transparent code against white, and says so', () => {
    // Light on black is fine against a black background, not on the white a transparent code is judged on.
    expect(errorsOf({ foreground: '#ffff00', background: '#000000' })).toHaveLength(1);
    expect(errorsOf({ foreground: '#9e9e9e', background: '#000000', transparent: true })).toEqual([
      'Foreground colour and white (a transparent code is judged against white) are too similar to scan reliably (contrast 2.6:1, at least 4.5:1 needed)',
    ]);
    expect(errorsOf({ foreground: '#263238', background: '#000000', transparent: true })).toEqual([]);
  });

  it('checks the eye colour against the background', () => {
    expect(errorsOf({ eyeColour: '#ffeb3b' })).toEqual([
      'Eye colour and background are too similar to scan reliably (contrast 1.2:1, at least 4.5:1 needed)',
    ]);
    expect(errorsOf({ eyeColour: '#b71c1c' })).toEqual([]);
  });

  it.each([
    [{ eyeStyle: 'star' }, 'The eye style must be square, rounded or circle'],
    [{ eyeColour: 'red' }, 'The eye colour must be a hex colour like #1a2b3c'],
    [{ gradient: { to: '#000000', angle: 360 } }, 'The gradient needs a second colour like #1a2b3c and an angle from 0 to 359 degrees'],
    [{ gradient: '#000000' }, 'The gradient needs a second colour like #1a2b3c and an angle from 0 to 359 degrees'],
    [{ transparent: 'yes' }, 'Transparent background must be true or false'],
    [{ frame: 'ribbon' }, 'The frame must be none, label or border'],
    [{ frame: 'label', frameText: '' }, 'The frame text must be 1 to 24 characters'],
    [{ frame: 'label', frameText: 'x'.repeat(25) }, 'The frame text must be 1 to 24 characters'],
    [{ frame: 'label', frameText: 'Scan 📱' }, 'The frame text can use Latin letters, digits, spaces and common punctuation only'],
    [{ frame: 'border', margin: 1 }, 'A frame needs a margin of at least 2 modules between it and the code'],
  ])('refuses %p', (design, message) => {
    expect(errorsOf(design)).toEqual([message]);
  });
});
