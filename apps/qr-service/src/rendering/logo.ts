import sharp from 'sharp';
import { QR_DESIGN_MESSAGES, QR_LOGO_MAX_BYTES } from '@qrd/contracts';
import { runsAround } from './finder-runs';
import { QrRenderingError, QrRenderingErrorCode } from './qr-rendering.error';

/** A centre logo as stored inside a design: always a small PNG, whatever the user uploaded. */
export interface QrLogo {
  mime: 'image/png';
  dataBase64: string;
}

export const MAX_LOGO_SIDE_PX = 256;
/**
 * A 256x256 RGBA PNG is at most ~260 KB even uncompressible; anything far above that in a stored
 * design did not come from normalizeLogo and would bloat every render and cache entry.
 */
const MAX_STORED_LOGO_BYTES = 400 * 1024;
/** Guards against decompression bombs: a 1 MiB file may still claim gigapixel dimensions. */
const MAX_LOGO_INPUT_PIXELS = 40_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type LogoInputFormat = 'png' | 'jpeg' | 'webp';

/**
 * Recognise the upload by its magic bytes before sharp sees it, so that formats sharp would also
 * happily decode (SVG, GIF, TIFF, HEIF...) are refused with a clear message instead.
 */
function sniffFormat(buffer: Buffer): LogoInputFormat | null {
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (
    buffer.length >= 12 &&
    buffer.toString('latin1', 0, 4) === 'RIFF' &&
    buffer.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

function logoError(message: string): QrRenderingError {
  return new QrRenderingError(QrRenderingErrorCode.InvalidLogo, message);
}

/**
 * Turn an uploaded PNG, JPEG or WebP into the PNG we store: EXIF orientation applied, metadata
 * stripped, shrunk to fit 256x256 (never enlarged), transparency kept.
 */
export async function normalizeLogo(buffer: Buffer): Promise<QrLogo> {
  if (buffer.length === 0) throw logoError('The logo file is empty');
  if (buffer.length > QR_LOGO_MAX_BYTES) {
    throw logoError('The logo is too large: upload an image of at most 1 MB');
  }
  const format = sniffFormat(buffer);
  if (!format) throw logoError('The logo must be a PNG, JPEG or WebP image');

  let png: Buffer;
  try {
    png = await sharp(buffer, { limitInputPixels: MAX_LOGO_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MAX_LOGO_SIDE_PX, MAX_LOGO_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(reason)) {
      throw logoError('The logo has too many pixels: use an image of at most 40 megapixels');
    }
    throw logoError('The logo image could not be read; the file may be damaged');
  }
  if (await looksLikeFinder(png)) throw logoError(QR_DESIGN_MESSAGES.logoTarget);
  return { mime: 'image/png', dataBase64: png.toString('base64') };
}

/** Light and dark cut-offs tried (0-255 grey): a mid-tone (a red, say) may fall either way in a scanner. */
const TARGET_THRESHOLDS = [96, 128, 160];
/** Only rings spanning this share of the logo's larger side are at a code's module scale. */
const TARGET_MIN_SHARE = 0.4;

/** dark-light-dark-light-dark within three quarters of a unit of 1:1:3:1:1 (ZXing allows half; blur and tilt do the rest). */
function targetRatio(runs: readonly number[]): boolean {
  const unit = runs.reduce((a, b) => a + b, 0) / 7;
  const slack = unit * 0.75;
  return runs.every((run, i) => Math.abs((i === 2 ? 3 : 1) * unit - run) < (i === 2 ? 3 : 1) * slack);
}


/**
 * Whether the logo holds a target: rings around a centre whose row and column both run about
 * 1:1:3:1:1 through the same point, across a good share of the logo. Drawn in the middle of a code,
 * scanners take it for a fourth corner square, and ZXing then misses a real one.
 */
export async function looksLikeFinder(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const minSpan = TARGET_MIN_SHARE * Math.max(width, height);
  const step = Math.max(1, Math.floor(Math.min(width, height) / 64));
  for (const threshold of TARGET_THRESHOLDS) {
    const dark = (x: number, y: number): boolean => data[y * width + x] < threshold;
    for (let y = 0; y < height; y += step) {
      for (let x = 0; x < width; x += step) {
        if (!dark(x, y)) continue;
        const across = runsAround((i) => dark(i, y), width, x);
        if (!across || !targetRatio(across)) continue;
        const h = across.reduce((a, b) => a + b, 0);
        if (h < minSpan) continue;
        const down = runsAround((i) => dark(x, i), height, y);
        if (!down || !targetRatio(down)) continue;
        const v = down.reduce((a, b) => a + b, 0);
        if (5 * Math.abs(v - h) < 2 * h) return true;
      }
    }
  }
  return false;
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function readPngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (png.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * Check a logo found in a stored or submitted design: it must be what normalizeLogo produces.
 * Returns a person-readable problem, or null when the logo is fine.
 */
export function checkStoredLogo(value: unknown): string | null {
  const reupload = 'upload the logo again';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `The logo is not valid: ${reupload}`;
  }
  const { mime, dataBase64, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || mime !== 'image/png' || typeof dataBase64 !== 'string') {
    return `The logo must be a converted PNG: ${reupload}`;
  }
  if (dataBase64.length % 4 !== 0 || !BASE64.test(dataBase64)) {
    return `The logo data is damaged: ${reupload}`;
  }
  const bytes = Buffer.from(dataBase64, 'base64');
  if (bytes.length > MAX_STORED_LOGO_BYTES) return `The logo is too large: ${reupload}`;
  const size = readPngSize(bytes);
  if (!size) return `The logo data is not a PNG image: ${reupload}`;
  if (size.width > MAX_LOGO_SIDE_PX || size.height > MAX_LOGO_SIDE_PX) {
    return `The logo must be at most ${MAX_LOGO_SIDE_PX}x${MAX_LOGO_SIDE_PX} pixels: ${reupload}`;
  }
  return null;
}
