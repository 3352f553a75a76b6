import { PRINT_LIMITS, PRINT_UNITS, printLayout, type PrintLayout, type PrintUnit } from './print-download.dto';
import { QR_IMAGE_FORMATS, QR_MAX_SIZE, type QrImageFormat } from './qr.dto';

/**
 * A ZIP of codes: POST /api/qrcodes/archive with
 * `{ ids: string[], format: 'png' | 'svg' | 'pdf', size: number, unit?, bleed?, cropMarks? }`.
 * For PNG and SVG `size` is the width in pixels; for PDF it is the print size, in `unit` (mm by
 * default) with an optional bleed and crop marks, exactly as a single code's print download.
 * Answers application/zip, one file per code named after the code, streamed as it is made.
 */
export const ARCHIVE_MAX_CODES = 500;
export const ARCHIVE_MIN_PX = 256;

export const ARCHIVE_MESSAGES = {
  body: 'Send the codes to download as { "ids": [...], "format": "png", "size": 1024 }',
  ids: `Choose 1 to ${ARCHIVE_MAX_CODES} codes to download`,
  idsText: 'Each code must be given by its id',
  format: 'The format must be png, svg or pdf',
  size: `The size must be a whole number of pixels from ${ARCHIVE_MIN_PX} to ${QR_MAX_SIZE}`,
  printSize: (unit: PrintUnit) => `The print size must be a number from ${PRINT_LIMITS[unit].min} to ${PRINT_LIMITS[unit].max} ${unit}`,
  notFound: (missing: number) =>
    missing === 1 ? 'One of the chosen codes was not found: it may have been deleted' : `${missing} of the chosen codes were not found: they may have been deleted`,
} as const;

export interface ArchiveRequest {
  ids: string[];
  format: QrImageFormat;
  /** Pixels (PNG and SVG); for a PDF see `print`. */
  size: number;
  print: PrintLayout | null;
}

/** What the gateway sends the qr-service (QrFileRoute.Archive). */
export interface QrArchiveQuery extends ArchiveRequest {
  userId: string;
}

const KNOWN = new Set(['ids', 'format', 'size', 'unit', 'bleed', 'cropMarks']);

/** The archive a body asks for, or its problems per field (every one at once). */
export function archiveRequest(body: unknown): { request: ArchiveRequest } | { message: string; fields: Record<string, string> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { message: ARCHIVE_MESSAGES.body, fields: { body: ARCHIVE_MESSAGES.body } };
  const raw = body as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const key of Object.keys(raw)) if (!KNOWN.has(key)) fields[key] = `Unknown field "${key}"`;
  const { ids, format, size } = raw;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > ARCHIVE_MAX_CODES) fields.ids = ARCHIVE_MESSAGES.ids;
  else if (!ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 64)) fields.ids = ARCHIVE_MESSAGES.idsText;
  if (!(QR_IMAGE_FORMATS as readonly unknown[]).includes(format)) fields.format = ARCHIVE_MESSAGES.format;
  let print: PrintLayout | null = null;
  let px = 0;
  if (format === 'pdf') {
    const unit = raw.unit === undefined ? 'mm' : raw.unit;
    const text = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : value === undefined ? undefined : '?');
    const layout = printLayout({
      format: 'pdf',
      printSize: typeof size === 'number' && Number.isFinite(size) ? String(size) : '?',
      unit: typeof unit === 'string' ? unit : '?',
      bleed: text(raw.bleed),
      cropMarks: typeof raw.cropMarks === 'boolean' ? String(raw.cropMarks) : raw.cropMarks === undefined ? undefined : '?',
    });
    if ('message' in layout) {
      const field = layout.field === 'printSize' ? 'size' : layout.field;
      fields[field] = layout.field === 'printSize' && (PRINT_UNITS as readonly unknown[]).includes(unit) ? ARCHIVE_MESSAGES.printSize(unit as PrintUnit) : layout.message;
    } else {
      print = layout.print;
    }
  } else {
    if (typeof size !== 'number' || !Number.isInteger(size) || size < ARCHIVE_MIN_PX || size > QR_MAX_SIZE) fields.size = ARCHIVE_MESSAGES.size;
    else px = size;
    for (const key of ['unit', 'bleed', 'cropMarks']) {
      if (raw[key] !== undefined && format !== undefined) fields[key] = 'A unit, bleed and crop marks apply to PDF downloads only';
    }
  }
  const problems = Object.values(fields);
  if (problems.length > 0) return { message: problems[0], fields };
  // The same code twice is one file.
  return { request: { ids: [...new Set(ids as string[])], format: format as QrImageFormat, size: print ? Math.round(print.sizePt) : px, print } };
}
