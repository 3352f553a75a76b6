import sharp from 'sharp';
import { QR_DOT_STYLES, QR_EYE_STYLES, QR_FRAME_STYLES, QrImageFormat } from '@qrd/contracts';
import { CLEAN, decodeAll, distort, Distortion, MARGIN, QR_DECODERS, rasterise } from '@qrd/testing';
import { createWithSafeMask, falseFinderCount } from './mask-choice';
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
  // A busy, opaque logo with dark and light parts: harder on a scanner than a flat one.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="40" fill="#c0392b"/>' +
    '<circle cx="128" cy="128" r="70" fill="#ffffff"/><circle cx="128" cy="128" r="35" fill="#1a1a1a"/></svg>';
  logo = { mime: 'image/png', dataBase64: (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64') };
});

describe('the mask leaves no false eye', () => {
  // Short links whose standard mask leaves a 1:1:4:1:1 cross in the data that ZXing took for an eye.
  const texts = ['https://qrd.example/r/fmwx1', 'https://qrd.example/r/xytx4', 'https://qrd.example/r/2t6ix15'];

  it.each(texts)('%s reads in every decoder, plain', async (text) => {
    expect(falseFinderCount(createWithSafeMask(text, 'M').modules)).toBe(0);
    // The download as it is: 512 pixels, not even blurred.
    await expect(readings(text, DEFAULT_DESIGN, 'png', CLEAN, 512)).resolves.toEqual([]);
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
