import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PrintLayout, QR_IMAGE_FORMATS, QR_MAX_SIZE, QR_MIN_SIZE, QrImageFormat } from '@qrd/contracts';
import { effectiveErrorCorrection, QrDesign, validateDesign } from './qr-design';
import { buildQrGeometry, QrGeometry } from './qr-geometry';
import { geometryToPdf, geometryToPrintPdf } from './qr-pdf';
import { QrRenderingError, QrRenderingErrorCode } from './qr-rendering.error';
import { geometryToSvg } from './qr-svg';

export const QR_CONTENT_TYPES: Readonly<Record<QrImageFormat, string>> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** Far beyond our short URLs; stops a caller from making the encoder chew on megabytes. */
const MAX_TEXT_LENGTH = 2048;
/** Bump when the drawing changes, so cached images and ETags from older code are not reused (2: masks without false eyes). */
const RENDERER_VERSION = 2;

export interface RenderedQr {
  format: QrImageFormat;
  contentType: string;
  body: Buffer;
}

/**
 * A stable short key for one rendering (sha256, 16 hex characters): same text, design, format and
 * size give the same key, so it can serve as an ETag or a cache key without rendering first.
 * Settings are read in a fixed order because key order of stored JSON (jsonb) is not preserved.
 */
export function renderCacheKey(text: string, design: QrDesign, format: QrImageFormat, size: number, print: PrintLayout | null = null): string {
  const canonical = JSON.stringify([
    // Only print PDFs add their page, so every other key stays as it was.
    ...(print ? [['print', print.sizePt, print.bleedPt, print.cropMarks]] : []),
    RENDERER_VERSION,
    text,
    format,
    size,
    design.foreground.toLowerCase(),
    design.background.toLowerCase(),
    effectiveErrorCorrection(design),
    design.margin,
    design.dotStyle,
    design.logo ? design.logo.dataBase64 : null,
    // Designs before eyes, gradients and frames keep their keys (and the browser's ETags).
    ...(hasNewSettings(design)
      ? [[design.eyeStyle, design.eyeColour, design.gradient?.to ?? null, design.gradient?.angle ?? null, design.transparent, design.frame, design.frame === 'none' ? '' : design.frameText]]
      : []),
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

function hasNewSettings(design: QrDesign): boolean {
  return (
    (design.eyeStyle ?? null) !== null ||
    (design.eyeColour ?? null) !== null ||
    (design.gradient ?? null) !== null ||
    design.transparent === true ||
    (design.frame ?? 'none') !== 'none'
  );
}

function assertSize(size: number): void {
  if (!Number.isInteger(size) || size < QR_MIN_SIZE || size > QR_MAX_SIZE) {
    throw new QrRenderingError(
      QrRenderingErrorCode.InvalidSize,
      `The image size must be a whole number of pixels from ${QR_MIN_SIZE} to ${QR_MAX_SIZE}`,
    );
  }
}

function assertFormat(format: string): asserts format is QrImageFormat {
  if (!(QR_IMAGE_FORMATS as readonly string[]).includes(format)) {
    throw new QrRenderingError(QrRenderingErrorCode.InvalidFormat, 'The image format must be png, svg or pdf');
  }
}

/** Stateless and safe to share: NestJS can provide it as is (`providers: [QrRenderer]`). */
export class QrRenderer {
  /**
   * Render a code as PNG, SVG or vector PDF, `size` x `size` pixels (points for the PDF); a frame
   * adds its band below, so the picture is `size` wide and a little taller.
   */
  async render(text: string, design: QrDesign, format: QrImageFormat, size: number): Promise<RenderedQr> {
    assertFormat(format);
    assertSize(size);
    const geometry = this.layout(text, design);
    const body = await this.draw(geometry, format, size);
    return { format, contentType: QR_CONTENT_TYPES[format], body };
  }

  /** A vector PDF for print: the code `sizePt` square, centred on a page with `bleedPt` on each side. */
  async renderPrintPdf(text: string, design: QrDesign, print: PrintLayout): Promise<RenderedQr> {
    const geometry = this.layout(text, design);
    return { format: 'pdf', contentType: QR_CONTENT_TYPES.pdf, body: await geometryToPrintPdf(geometry, print) };
  }

  async renderSvg(text: string, design: QrDesign, size: number): Promise<string> {
    return (await this.render(text, design, 'svg', size)).body.toString('utf8');
  }

  private draw(geometry: QrGeometry, format: QrImageFormat, size: number): Promise<Buffer> {
    switch (format) {
      case 'svg':
        return Promise.resolve(Buffer.from(geometryToSvg(geometry, size), 'utf8'));
      case 'png':
        // The PNG is our SVG rasterised, so every raster size shows exactly the vector drawing.
        return sharp(Buffer.from(geometryToSvg(geometry, size))).png().toBuffer();
      case 'pdf':
        return geometryToPdf(geometry, size);
    }
  }

  /** Validate again here: a design is stored JSON and could predate today's rules. */
  private layout(text: string, design: QrDesign): QrGeometry {
    if (typeof text !== 'string' || text.length === 0 || text.length > MAX_TEXT_LENGTH) {
      throw new QrRenderingError(
        QrRenderingErrorCode.InvalidText,
        `The text to encode must be 1 to ${MAX_TEXT_LENGTH} characters`,
      );
    }
    const checked = validateDesign(design);
    if ('errors' in checked) {
      throw new QrRenderingError(QrRenderingErrorCode.InvalidDesign, checked.errors.join('; '), checked.errors);
    }
    try {
      return buildQrGeometry(text, checked.design);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new QrRenderingError(QrRenderingErrorCode.InvalidText, `The text cannot be encoded as a QR code: ${reason}`);
    }
  }
}
