import sharp from 'sharp';
import { QR_DESIGN_MESSAGES, QR_DOT_STYLES, QR_EYE_STYLES, QR_FRAME_STYLES, QrImageFormat } from '@qrd/contracts';
import { CLEAN, decodeAll, distort, Distortion, MARGIN, QR_DECODERS, rasterise } from '@qrd/testing';
import { normalizeLogo } from './logo';
import { createWithSafeMask, falseFinders } from './mask-choice';
import { DEFAULT_DESIGN, QrDesign } from './qr-design';
import { buildQrGeometry } from './qr-geometry';
import { QrRenderer } from './qr-renderer';

/**
 * Every design we offer must read in several decoders at their default settings (jsQR, ZXing's
 * JavaScript port with either binarizer, zxing-cpp), and keep reading when the picture is tilted
 * 15 degrees and blurred by a quarter of a module: a margin, not a lucky clean read. The full
 * matrix (every option x format x decoder) is `npm run bench:decode`; this is a sample of it.
 */

const sut = new QrRenderer();
const PIXELS_PER_MODULE = 8;

/** `width`: rasterised that many pixels wide (default: about 8 pixels per module, a phone photo of a small print). */
async function readings(text: string, design: QrDesign, format: QrImageFormat, distortion: Distortion, width?: number) {
  const rendered = await sut.render(text, design, format, 512);
  const geometry = buildQrGeometry(text, design);
  const pixels = width ?? Math.round(geometry.width * PIXELS_PER_MODULE);
  const png = await rasterise(format, rendered.body, pixels);
  const found = await decodeAll(await distort(png, distortion, pixels / geometry.width));
  // Which decoders failed: [] when all of them read the text.
  return QR_DECODERS.filter((decoder) => found[decoder] !== text);
}

let logo: QrDesign['logo'];
beforeAll(async () => {
  // A busy, opaque, wide logo with dark, light and mid-tone parts: harder on a scanner than a flat one.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="192"><rect width="256" height="192" rx="24" fill="#1e3a8a"/>' +
    '<path d="M40 150 L100 40 L130 100 L160 60 L216 150 Z" fill="#ffffff"/><rect x="40" y="160" width="176" height="14" fill="#f59e0b"/></svg>';
  logo = await normalizeLogo(await sharp(Buffer.from(svg)).png().toBuffer());
});

describe('the mask leaves no false eye', () => {
  // Short links whose standard mask leaves a 1:1:4:1:1 cross in the data that ZXing took for an eye.
  const texts = ['https://qrd.example/r/fmwx1', 'https://qrd.example/r/xytx4', 'https://qrd.example/r/2t6ix15'];

  it.each(texts)('%s reads in every decoder, plain', async (text) => {
    expect(falseFinders(createWithSafeMask(text, 'M').modules).near).toBe(0);
    // The download as it is: 512 pixels, not even blurred.
    await expect(readings(text, DEFAULT_DESIGN, 'png', CLEAN, 512)).resolves.toEqual([]);
  });

  // A larger false eye (a 10-by-11-module cross) that ZXing saw on more rows than the real top-right
  // eye, and chose instead of it: the PDF of a bulk download, rasterised at 8 pixels per module.
  it('https://qrd.example/r/0AoKYOy reads in every decoder as a PDF', async () => {
    const text = 'https://qrd.example/r/0AoKYOy';
    expect(falseFinders(createWithSafeMask(text, 'M').modules)).toEqual({ near: 0, far: 0 });
    await expect(readings(text, DEFAULT_DESIGN, 'pdf', CLEAN)).resolves.toEqual([]);
  });
});

describe('every offered design option reads in every decoder, with a margin', () => {
  const text = 'https://qrd.example/r/Ab3dE7x';
  const formats: QrImageFormat[] = ['png', 'svg', 'pdf'];
  // Each dot x eye pairing once, the formats taking turns; the busiest design in every format.
  const pairings = QR_DOT_STYLES.flatMap((dotStyle) => [null, ...QR_EYE_STYLES].map((eyeStyle) => ({ dotStyle, eyeStyle })));
  const cases: Array<{ name: string; format: QrImageFormat; design: () => QrDesign }> = [
    ...pairings.map(({ dotStyle, eyeStyle }, i) => ({
      name: `${dotStyle} dots, ${eyeStyle ?? 'matching'} eyes, logo`,
      format: formats[i % formats.length],
      design: (): QrDesign => ({ ...DEFAULT_DESIGN, dotStyle, eyeStyle, logo }),
    })),
    ...QR_FRAME_STYLES.flatMap((frame) =>
      formats.map((format) => ({
        name: `dots, gradient, ${frame} frame, logo`,
        format,
        design: (): QrDesign => ({ ...DEFAULT_DESIGN, dotStyle: 'dots', gradient: { to: '#1d4ed8', angle: 45 }, frame, margin: 2, logo }),
      })),
    ),
    {
      name: 'square dots, label frame, logo, solid',
      format: 'png',
      design: (): QrDesign => ({ ...DEFAULT_DESIGN, frame: 'label', margin: 2, logo }),
    },
    ...formats.map((format) => ({
      name: 'rounded, eye colour, transparent, error correction L',
      format,
      design: (): QrDesign => ({ ...DEFAULT_DESIGN, dotStyle: 'rounded', eyeColour: '#b91c1c', transparent: true, errorCorrection: 'L' }),
    })),
  ];

  it.each(cases)('$name ($format)', async ({ design, format }) => {
    await expect(readings(text, design(), format, MARGIN)).resolves.toEqual([]);
  });
});

describe('a logo scanners would take for an eye is refused at upload', () => {
  // Rings around a dark centre: ZXing took it for a fourth eye and missed a real one (label frame, tilted and blurred).
  const target =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="40" fill="#c0392b"/>' +
    '<circle cx="128" cy="128" r="70" fill="#ffffff"/><circle cx="128" cy="128" r="35" fill="#1a1a1a"/></svg>';

  it('refuses a target-like logo with the reason', async () => {
    await expect(normalizeLogo(await sharp(Buffer.from(target)).png().toBuffer())).rejects.toMatchObject({ message: QR_DESIGN_MESSAGES.logoTarget });
  });

  it('accepts logos with a disc, a wordmark or a picture', async () => {
    const others = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="95" fill="#111"/><rect x="70" y="50" width="60" height="100" fill="#fff"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="96"><rect x="10" y="20" width="40" height="56" fill="#000"/><rect x="70" y="20" width="56" height="56" rx="28" fill="#000"/><rect x="146" y="20" width="100" height="20" fill="#000"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#0f766e"/></svg>',
    ];
    for (const svg of others) await expect(normalizeLogo(await sharp(Buffer.from(svg)).png().toBuffer())).resolves.toMatchObject({ mime: 'image/png' });
  });
});
