// The full decode matrix: every offered design option x format x decoder, clean and with a margin
// (15 degrees of tilt and a quarter-module blur). Bundled and run by decode-bench.mjs.
import sharp from 'sharp';
import { QR_DOT_STYLES, QR_ERROR_CORRECTION_LEVELS, QR_EYE_STYLES, QR_FRAME_STYLES, QR_IMAGE_FORMATS, QrImageFormat } from '@qrd/contracts';
import { CLEAN, decodeAll, distort, MARGIN, QR_DECODERS, QrDecoderName, rasterise } from '../../libs/testing/src/qr-decoders';
import { normalizeLogo } from '../../apps/qr-service/src/rendering/logo';
import { DEFAULT_DESIGN, QrDesign, validateDesign } from '../../apps/qr-service/src/rendering/qr-design';
import { buildQrGeometry } from '../../apps/qr-service/src/rendering/qr-geometry';
import { QrRenderer } from '../../apps/qr-service/src/rendering/qr-renderer';

export interface MatrixDesign {
  /** The option values it exercises, e.g. ["dots", "circle eyes", "logo"]. */
  options: string[];
  design: QrDesign;
}

export interface MatrixRow {
  options: string[];
  text: string;
  format: QrImageFormat;
  version: number;
  clean: Record<QrDecoderName, boolean>;
  margin: Record<QrDecoderName, boolean>;
}

/** A busy, opaque, wide logo with dark, light and mid-tone parts (a target-like one is refused at upload). */
async function testLogo(): Promise<QrDesign['logo']> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="192"><rect width="256" height="192" rx="24" fill="#1e3a8a"/>' +
    '<path d="M40 150 L100 40 L130 100 L160 60 L216 150 Z" fill="#ffffff"/><rect x="40" y="160" width="176" height="14" fill="#f59e0b"/></svg>';
  return normalizeLogo(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** Every dot x eye x logo x frame x gradient combination, each error correction level, eye colour and transparency. */
export async function matrixDesigns(): Promise<MatrixDesign[]> {
  const logo = await testLogo();
  const designs: MatrixDesign[] = [];
  for (const dotStyle of QR_DOT_STYLES) {
    for (const eyeStyle of [null, ...QR_EYE_STYLES]) {
      for (const withLogo of [false, true]) {
        for (const frame of QR_FRAME_STYLES) {
          for (const gradient of [null, { to: '#1d4ed8', angle: 45 }]) {
            designs.push({
              options: [
                `${dotStyle} dots`,
                `${eyeStyle ?? 'matching'} eyes`,
                withLogo ? 'logo' : 'no logo',
                `frame ${frame}`,
                gradient ? 'gradient' : 'solid',
              ],
              design: { ...DEFAULT_DESIGN, dotStyle, eyeStyle, logo: withLogo ? logo : null, frame, margin: frame === 'none' ? 4 : 2, gradient },
            });
          }
        }
      }
    }
    for (const errorCorrection of QR_ERROR_CORRECTION_LEVELS) {
      designs.push({ options: [`${dotStyle} dots`, `error correction ${errorCorrection}`], design: { ...DEFAULT_DESIGN, dotStyle, errorCorrection } });
    }
    for (const margin of [0, 1]) {
      designs.push({ options: [`${dotStyle} dots`, `margin ${margin}`], design: { ...DEFAULT_DESIGN, dotStyle, margin } });
    }
    designs.push({
      options: [`${dotStyle} dots`, 'eye colour', 'transparent'],
      design: { ...DEFAULT_DESIGN, dotStyle, eyeColour: '#b91c1c', transparent: true, foreground: '#1f2937' },
    });
  }
  return designs.map(({ options, design }) => {
    const checked = validateDesign(design);
    if ('errors' in checked) throw new Error(`${options.join(', ')}: ${checked.errors.join('; ')}`);
    return { options, design: checked.design };
  });
}

/** Short links of our own (version 2-3) and a long one (version 5+, with an alignment pattern under the logo's reach). */
export const MATRIX_TEXTS = ['https://qrd.example/r/Ab3dE7x', 'https://qrd.example/r/xytx4', 'https://qrd.example/r/campaign-2026-spring?utm_source=poster&utm_medium=print'];

export const PIXELS_PER_MODULE = 8;

export async function runMatrix(
  textCount: number,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<MatrixRow[]> {
  const renderer = new QrRenderer();
  const designs = await matrixDesigns();
  const texts = MATRIX_TEXTS.slice(0, textCount);
  const rows: MatrixRow[] = [];
  const total = designs.length * texts.length * QR_IMAGE_FORMATS.length;
  for (const { options, design } of designs) {
    for (const text of texts) {
      const geometry = buildQrGeometry(text, design);
      const width = Math.round(geometry.width * PIXELS_PER_MODULE);
      for (const format of QR_IMAGE_FORMATS) {
        const rendered = await renderer.render(text, design, format, 512);
        const png = await rasterise(format, rendered.body, width);
        const read = async (distortion: typeof CLEAN) => {
          const found = await decodeAll(await distort(png, distortion, PIXELS_PER_MODULE));
          return Object.fromEntries(QR_DECODERS.map((d) => [d, found[d] === text])) as Record<QrDecoderName, boolean>;
        };
        rows.push({ options, text, format, version: geometry.version, clean: await read(CLEAN), margin: await read(MARGIN) });
        progress(rows.length, total);
      }
    }
  }
  return rows;
}

/** Short links as a bulk download holds them: `count` generated slugs, default design, as PDFs. */
export function slugTexts(count: number): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let seed = 20261128;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  return Array.from({ length: count }, () => `https://qrd.example/r/${Array.from({ length: 7 }, () => alphabet[next() % alphabet.length]).join('')}`);
}

export async function runSlugs(count: number, format: QrImageFormat = 'pdf'): Promise<Array<{ text: string; read: Record<QrDecoderName, boolean> }>> {
  const renderer = new QrRenderer();
  const out: Array<{ text: string; read: Record<QrDecoderName, boolean> }> = [];
  for (const text of slugTexts(count)) {
    const geometry = buildQrGeometry(text, DEFAULT_DESIGN);
    const rendered = await renderer.render(text, DEFAULT_DESIGN, format, 512);
    const png = await rasterise(format, rendered.body, Math.round(geometry.width * PIXELS_PER_MODULE));
    const found = await decodeAll(await distort(png, CLEAN, PIXELS_PER_MODULE));
    out.push({ text, read: Object.fromEntries(QR_DECODERS.map((d) => [d, found[d] === text])) as Record<QrDecoderName, boolean> });
  }
  return out;
}
