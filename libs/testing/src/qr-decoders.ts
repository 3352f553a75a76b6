import { Resvg } from '@resvg/resvg-js';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  BinaryBitmap,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Reading codes back the way phones and scanning libraries do: each format rasterised by a
 * renderer other than the one that drew it (resvg for SVG, poppler for PDF), then decoded by
 * independent decoders at their default settings. Used by the design tests and the decode bench.
 */

export const QR_DECODERS = ['jsqr', 'zxing-hybrid', 'zxing-global', 'zxing-cpp'] as const;
export type QrDecoderName = (typeof QR_DECODERS)[number];

/** RGBA pixels, transparent areas laid on white (as on paper). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const run = promisify(execFile);

/** A picture in any of our formats as RGBA pixels `width` wide (PDF: rasterised by poppler at that width). */
export async function rasterise(format: 'png' | 'svg' | 'pdf', body: Buffer, width: number): Promise<Buffer> {
  switch (format) {
    case 'png':
      return sharp(body).resize({ width }).png().toBuffer();
    case 'svg':
      return Buffer.from(new Resvg(body.toString('utf8'), { fitTo: { mode: 'width', value: width } }).render().asPng());
    case 'pdf': {
      const dir = await mkdtemp(join(tmpdir(), 'qr-decode-'));
      try {
        await writeFile(join(dir, 'code.pdf'), body);
        await run('pdftoppm', ['-png', '-singlefile', '-scale-to-x', String(width), '-scale-to-y', '-1', join(dir, 'code.pdf'), join(dir, 'code')]);
        return await readFile(join(dir, 'code.png'));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
}

export interface Distortion {
  /** Degrees, clockwise. */
  rotate: number;
  /** Gaussian blur sigma in modules of the code (0: none). */
  blurModules: number;
}

export const CLEAN: Distortion = { rotate: 0, blurModules: 0 };
/** The margin every offered design must keep: a slightly tilted, slightly out-of-focus photo. */
export const MARGIN: Distortion = { rotate: 15, blurModules: 0.25 };

/** Lay on white, rotate and blur (the blur scaled to the module size in pixels). */
export async function distort(png: Buffer, distortion: Distortion, modulePx: number): Promise<Pixels> {
  let image = sharp(png).flatten({ background: '#ffffff' });
  if (distortion.rotate) {
    // Rotate on a white page with room around it, as a photo of a printed code would be.
    image = sharp(await image.png().toBuffer()).rotate(distortion.rotate, { background: '#ffffff' });
  }
  if (distortion.blurModules > 0) {
    image = sharp(await image.png().toBuffer()).blur(Math.max(0.3, distortion.blurModules * modulePx));
  }
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function readJsQr(pixels: Pixels): string | null {
  // Defaults: both normal and inverted passes.
  return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
}

function readZxing(pixels: Pixels, binarizer: 'hybrid' | 'global'): string | null {
  // RGBLuminanceSource takes one 0xAARRGGBB number per pixel.
  const argb = new Int32Array(pixels.width * pixels.height);
  const d = pixels.data;
  for (let i = 0, p = 0; i < argb.length; i++, p += 4) argb[i] = (0xff << 24) | (d[p] << 16) | (d[p + 1] << 8) | d[p + 2];
  const source = new RGBLuminanceSource(argb, pixels.width, pixels.height);
  const bitmap = new BinaryBitmap(binarizer === 'hybrid' ? new HybridBinarizer(source) : new GlobalHistogramBinarizer(source));
  // The QR reader the port's browser scanner uses; no hints (no TRY_HARDER, no pure-barcode shortcut).
  try {
    return new QRCodeReader().decode(bitmap).getText();
  } catch {
    return null;
  }
}

type ZxingWasm = typeof import('zxing-wasm/reader');
let zxingWasm: Promise<ZxingWasm> | null = null;

/** zxing-cpp's WebAssembly build, its binary read from node_modules (never fetched). */
function loadZxingWasm(): Promise<ZxingWasm> {
  zxingWasm ??= (async () => {
    const module: ZxingWasm = await import('zxing-wasm/reader');
    const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasmBinary = readFileSync(wasmPath);
    module.prepareZXingModule({
      overrides: { wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) as ArrayBuffer },
      fireImmediately: true,
    });
    return module;
  })();
  return zxingWasm;
}

async function readZxingCpp(pixels: Pixels): Promise<string | null> {
  const { readBarcodes } = await loadZxingWasm();
  const results = await readBarcodes(
    // An ImageData look-alike: all the reader uses of it.
    { data: pixels.data, width: pixels.width, height: pixels.height, colorSpace: 'srgb' } as unknown as Parameters<ZxingWasm['readBarcodes']>[0],
    { formats: ['QRCode'] },
  );
  return results.find((r) => r.isValid)?.text ?? null;
}

/** What one decoder reads from the pixels, or null. */
export async function decodeWith(decoder: QrDecoderName, pixels: Pixels): Promise<string | null> {
  switch (decoder) {
    case 'jsqr':
      return readJsQr(pixels);
    case 'zxing-hybrid':
      return readZxing(pixels, 'hybrid');
    case 'zxing-global':
      return readZxing(pixels, 'global');
    case 'zxing-cpp':
      return readZxingCpp(pixels);
  }
}

/** Every decoder's reading of the pixels. */
export async function decodeAll(pixels: Pixels, decoders: readonly QrDecoderName[] = QR_DECODERS): Promise<Record<QrDecoderName, string | null>> {
  const out = {} as Record<QrDecoderName, string | null>;
  for (const decoder of decoders) out[decoder] = await decodeWith(decoder, pixels);
  return out;
}
