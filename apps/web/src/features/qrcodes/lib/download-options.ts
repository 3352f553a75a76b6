import { PRINT_LIMITS, PRINT_UNITS, QR_IMAGE_FORMATS, QR_MAX_SIZE, type PrintUnit, type QrImageFormat } from '@qrd/contracts';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

/** What the download dialog asks for; remembered per browser and offered again. */
export interface DownloadOptions {
  format: QrImageFormat;
  /** PNG pixels. */
  size: number;
  /** PDF: the code's printed size and the bleed on each side, in `unit`. */
  printSize: number;
  unit: PrintUnit;
  bleed: number;
  cropMarks: boolean;
}

export const DOWNLOAD_OPTIONS_KEY = 'qr-download-options';
export const PNG_MIN_SIZE = 256;
export const PNG_MAX_SIZE = QR_MAX_SIZE;

export const DEFAULT_DOWNLOAD_OPTIONS: DownloadOptions = { format: 'png', size: 1024, printSize: 50, unit: 'mm', bleed: 3, cropMarks: true };

/** The remembered choice, or the defaults where nothing (or nothing usable) is stored. */
export function loadDownloadOptions(storage: Storage | undefined = globalThis.localStorage): DownloadOptions {
  try {
    const stored = JSON.parse(storage?.getItem(DOWNLOAD_OPTIONS_KEY) ?? 'null') as Partial<DownloadOptions> | null;
    if (!stored || typeof stored !== 'object') return DEFAULT_DOWNLOAD_OPTIONS;
    const options: DownloadOptions = {
      format: QR_IMAGE_FORMATS.includes(stored.format as QrImageFormat) ? (stored.format as QrImageFormat) : DEFAULT_DOWNLOAD_OPTIONS.format,
      size: typeof stored.size === 'number' ? stored.size : DEFAULT_DOWNLOAD_OPTIONS.size,
      printSize: typeof stored.printSize === 'number' ? stored.printSize : DEFAULT_DOWNLOAD_OPTIONS.printSize,
      unit: PRINT_UNITS.includes(stored.unit as PrintUnit) ? (stored.unit as PrintUnit) : DEFAULT_DOWNLOAD_OPTIONS.unit,
      bleed: typeof stored.bleed === 'number' ? stored.bleed : DEFAULT_DOWNLOAD_OPTIONS.bleed,
      cropMarks: typeof stored.cropMarks === 'boolean' ? stored.cropMarks : DEFAULT_DOWNLOAD_OPTIONS.cropMarks,
    };
    return Object.keys(downloadProblems(options)).length === 0 ? options : DEFAULT_DOWNLOAD_OPTIONS;
  } catch {
    return DEFAULT_DOWNLOAD_OPTIONS;
  }
}

export function saveDownloadOptions(options: DownloadOptions, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(DOWNLOAD_OPTIONS_KEY, JSON.stringify(options));
  } catch {
    // A full or blocked storage only means the choice is not remembered.
  }
}

const messages: Record<'size' | 'printSize' | 'bleed' | 'png' | 'svg' | 'pdf' | 'pdfBleed' | 'pdfBleedCropMarks', MessageDescriptor> = defineMessages({
  size: {
    id: 'codesCreate.download.problem.size',
    defaultMessage: 'The size must be a whole number of pixels from {min, number, ::group-off} to {max, number, ::group-off}',
  },
  printSize: {
    id: 'codesCreate.download.problem.printSize',
    defaultMessage: 'The print size must be from {min, number, ::group-off} to {max, number, ::group-off} {unit, select, in {in} other {mm}}',
  },
  bleed: { id: 'codesCreate.download.problem.bleed', defaultMessage: 'The bleed must be from {min, number, ::group-off} to {max, number, ::group-off} {unit, select, in {in} other {mm}}' },
  png: { id: 'codesCreate.download.describe.png', defaultMessage: 'PNG, {size, number, ::group-off} px' },
  svg: { id: 'codesCreate.download.describe.svg', defaultMessage: 'SVG' },
  pdf: { id: 'codesCreate.download.describe.pdf', defaultMessage: 'PDF, {size, number, ::group-off} {unit, select, in {in} other {mm}}' },
  pdfBleed: {
    id: 'codesCreate.download.describe.pdfBleed',
    defaultMessage: 'PDF, {size, number, ::group-off} {unit, select, in {in} other {mm}} + {bleed, number} {unit, select, in {in} other {mm}} bleed',
  },
  pdfBleedCropMarks: {
    id: 'codesCreate.download.describe.pdfBleedCropMarks',
    defaultMessage: 'PDF, {size, number, ::group-off} {unit, select, in {in} other {mm}} + {bleed, number} {unit, select, in {in} other {mm}} bleed, crop marks',
  },
});

export type DownloadField = 'size' | 'printSize' | 'bleed';

/** A problem with a field: its message and the values it names (formatted where it is shown). */
export interface DownloadProblem {
  message: MessageDescriptor;
  values: Record<string, string | number>;
}

/** The fields the server would refuse, with the messages to show next to them. */
export function downloadProblems(options: DownloadOptions): Partial<Record<DownloadField, DownloadProblem>> {
  const problems: Partial<Record<DownloadField, DownloadProblem>> = {};
  if (options.format === 'png' && !(Number.isInteger(options.size) && options.size >= PNG_MIN_SIZE && options.size <= PNG_MAX_SIZE)) {
    problems.size = { message: messages.size, values: { min: PNG_MIN_SIZE, max: PNG_MAX_SIZE } };
  }
  if (options.format === 'pdf') {
    const limits = PRINT_LIMITS[options.unit];
    if (!(options.printSize >= limits.min && options.printSize <= limits.max)) {
      problems.printSize = { message: messages.printSize, values: { min: limits.min, max: limits.max, unit: options.unit } };
    }
    if (!(options.bleed >= 0 && options.bleed <= limits.bleedMax)) problems.bleed = { message: messages.bleed, values: { min: 0, max: limits.bleedMax, unit: options.unit } };
  }
  return problems;
}

/** The download route's query for these options. */
export function downloadQuery(options: DownloadOptions): string {
  const params = new URLSearchParams({ format: options.format });
  if (options.format === 'png') params.set('size', String(options.size));
  if (options.format === 'pdf') {
    params.set('printSize', String(options.printSize));
    params.set('unit', options.unit);
    params.set('bleed', String(options.bleed));
    // Crop marks sit in the bleed: without one there is nowhere to put them.
    params.set('cropMarks', String(options.cropMarks && options.bleed > 0));
  }
  return params.toString();
}

/** "PNG, 1024 px", "PDF, 50 mm + 3 mm bleed, crop marks", in the shown language. */
export function describeDownload(intl: IntlShape, options: DownloadOptions): string {
  if (options.format === 'png') return intl.formatMessage(messages.png, { size: options.size });
  if (options.format === 'svg') return intl.formatMessage(messages.svg);
  const values = { size: options.printSize, bleed: options.bleed, unit: options.unit };
  if (!(options.bleed > 0)) return intl.formatMessage(messages.pdf, values);
  return intl.formatMessage(options.cropMarks ? messages.pdfBleedCropMarks : messages.pdfBleed, values);
}
