/**
 * A PDF for print: the code at a print size in mm or inches, a bleed on each side (the page is
 * the print size plus twice the bleed, the code centred) and optional crop marks in the bleed.
 * GET /api/qrcodes/:id/download?format=pdf&printSize=50&unit=mm&bleed=3&cropMarks=true
 */
export const PRINT_UNITS = ['mm', 'in'] as const;
export type PrintUnit = (typeof PRINT_UNITS)[number];

export const PRINT_LIMITS: Readonly<Record<PrintUnit, { min: number; max: number; bleedMax: number }>> = {
  mm: { min: 10, max: 1000, bleedMax: 10 },
  in: { min: 0.4, max: 40, bleedMax: 0.4 },
};

export const POINTS_PER_INCH = 72;
export const MM_PER_INCH = 25.4;

export const PRINT_MESSAGES = {
  printSize: (unit: PrintUnit) => `The print size must be a number from ${PRINT_LIMITS[unit].min} to ${PRINT_LIMITS[unit].max} ${unit}`,
  unit: 'The unit must be mm or in',
  bleed: (unit: PrintUnit) => `The bleed must be a number from 0 to ${PRINT_LIMITS[unit].bleedMax} ${unit}`,
  cropMarks: 'Crop marks must be true or false',
  cropMarksNeedBleed: 'Crop marks need a bleed margin to sit in',
  needsPrintSize: 'A unit, bleed or crop marks need a print size',
  pdfOnly: 'A print size, bleed and crop marks apply to PDF downloads only',
} as const;

/** The page of a print PDF in points (1/72 in). */
export interface PrintLayout {
  sizePt: number;
  bleedPt: number;
  cropMarks: boolean;
}

/** The largest layout any query can ask for (the qr-service checks what it is sent against it). */
export const PRINT_MAX_PT = { size: (PRINT_LIMITS.mm.max / MM_PER_INCH) * POINTS_PER_INCH, bleed: (PRINT_LIMITS.mm.bleedMax / MM_PER_INCH) * POINTS_PER_INCH };

export interface PrintQuery {
  format?: unknown;
  printSize?: unknown;
  unit?: unknown;
  bleed?: unknown;
  cropMarks?: unknown;
}

const DECIMAL = /^\d{1,4}(\.\d{1,3})?$/;

function decimal(value: unknown): number | null {
  return typeof value === 'string' && DECIMAL.test(value) ? Number(value) : null;
}

function toPoints(value: number, unit: PrintUnit): number {
  const inches = unit === 'mm' ? value / MM_PER_INCH : value;
  return Math.round(inches * POINTS_PER_INCH * 1000) / 1000;
}

/** The print layout a download asks for (null: none), or the first problem with its parameter. */
export function printLayout(query: PrintQuery): { print: PrintLayout | null } | { field: keyof PrintQuery; message: string } {
  const given = (value: unknown) => value !== undefined && value !== '';
  if (!given(query.printSize)) {
    if (given(query.unit) || given(query.bleed) || given(query.cropMarks)) return { field: 'printSize', message: PRINT_MESSAGES.needsPrintSize };
    return { print: null };
  }
  if (query.format !== 'pdf') return { field: 'format', message: PRINT_MESSAGES.pdfOnly };
  const unit = given(query.unit) ? query.unit : 'mm';
  if (!(PRINT_UNITS as readonly unknown[]).includes(unit)) return { field: 'unit', message: PRINT_MESSAGES.unit };
  const u = unit as PrintUnit;
  const size = decimal(query.printSize);
  if (size === null || size < PRINT_LIMITS[u].min || size > PRINT_LIMITS[u].max) return { field: 'printSize', message: PRINT_MESSAGES.printSize(u) };
  const bleed = given(query.bleed) ? decimal(query.bleed) : 0;
  if (bleed === null || bleed > PRINT_LIMITS[u].bleedMax) return { field: 'bleed', message: PRINT_MESSAGES.bleed(u) };
  const marks = given(query.cropMarks) ? query.cropMarks : 'false';
  if (marks !== 'true' && marks !== 'false') return { field: 'cropMarks', message: PRINT_MESSAGES.cropMarks };
  if (marks === 'true' && bleed === 0) return { field: 'cropMarks', message: PRINT_MESSAGES.cropMarksNeedBleed };
  return { print: { sizePt: toPoints(size, u), bleedPt: toPoints(bleed, u), cropMarks: marks === 'true' } };
}
