import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { checkedBy, isUuid, normaliseTag, tagProblem, TAG_MAX_LENGTH, TAGS_PER_CODE_MAX } from './organise.dto';

/** Spec (bulk create from CSV): the limits a file must keep, stated on the page and in every refusal. */
export const BULK_IMPORT_MAX_ROWS = 100_000;
export const BULK_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows an import's view lists (those with errors or failures first); the result file has them all. */
export const BULK_IMPORT_VIEW_ROWS = 200;
/** A code's tag rules (organise.dto.ts). */
export const BULK_IMPORT_MAX_TAGS = TAGS_PER_CODE_MAX;
export const BULK_IMPORT_TAG_MAX_LENGTH = TAG_MAX_LENGTH;

/** The columns a file may have, in the order the result file repeats them. */
export const BULK_IMPORT_COLUMNS = ['name', 'destination', 'category', 'tags', 'slug', 'template', 'domain'] as const;
export type BulkImportColumn = (typeof BULK_IMPORT_COLUMNS)[number];

export const BULK_IMPORT_MESSAGES = {
  tooLarge: `The file is too large: upload a CSV file of at most ${BULK_IMPORT_MAX_BYTES / (1024 * 1024)} MB.`,
  tooManyRows: (rows: number) => `The file has ${rows.toLocaleString('en-US')} rows: upload at most ${BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time.`,
  empty: 'The file has no rows below its header: add one row per QR code.',
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again.',
  notCsv: 'Upload the file as CSV text (Content-Type text/csv).',
  missingColumn: (column: string) =>
    `The file has no "${column}" column: its header row must name the columns name, destination, category, tags, slug and template (category, tags, slug and template are optional).`,
  unknownColumn: (column: string) => `The column "${column}" is not one we know: use name, destination, category, tags, slug and template.`,
  domainUnknown: (name: string) => `"${name.slice(0, 80)}" is not one of this workspace's verified custom domains: add and verify it first, or leave the cell empty.`,
  templateUnknown: (name: string) => `You have no design template named "${name.slice(0, 60)}": check the name, or save the design as a template first.`,
  designTemplateId: 'Choose one of your design templates, or the default design',
  duplicateColumn: (column: string) => `The column "${column}" appears twice in the header row.`,
  tooManyTags: `At most ${BULK_IMPORT_MAX_TAGS} tags per QR code.`,
  tagTooLong: (tag: string) => `Each tag must be at most ${BULK_IMPORT_TAG_MAX_LENGTH} characters ("${tag.slice(0, 40)}" is longer).`,
  slugRepeated: (row: number) => `Row ${row} of this file already uses this short link.`,
  nothingToCreate: 'No row of this import is ready to create: fix the rows with errors first.',
  totalChanged: 'The total has changed since you saw it. Please review the new total and confirm again.',
  alreadyStarted: 'This import has already started: follow its progress instead.',
  notFound: 'Import not found',
  notCancellable: 'This import has already finished: there is nothing left to cancel.',
  cancelled: 'Not created: the import was cancelled.',
  uploadInterrupted: 'The upload was interrupted before the end of the file: upload it again.',
} as const;

/** A tags cell: split on ";" or "|", trimmed, empty parts dropped, repeats kept once. */
export function parseTagsCell(text: string): { tags: string[]; problem: string | null } {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(/[;|]/)) {
    const tag = part.trim();
    if (tag === '' || seen.has(normaliseTag(tag))) continue;
    seen.add(normaliseTag(tag));
    tags.push(tag);
  }
  const long = tags.find((tag) => normaliseTag(tag).length > BULK_IMPORT_TAG_MAX_LENGTH);
  if (long !== undefined) return { tags, problem: BULK_IMPORT_MESSAGES.tagTooLong(long) };
  if (tags.length > BULK_IMPORT_MAX_TAGS) return { tags, problem: BULK_IMPORT_MESSAGES.tooManyTags };
  // The same rules as a tag typed on a code.
  const odd = tags.map(tagProblem).find((problem) => problem !== null);
  if (odd) return { tags, problem: odd };
  return { tags, problem: null };
}

/** One row as typed in the file (or fixed in the preview): every cell as text. */
export interface BulkImportCells {
  name: string;
  destination: string;
  category: string;
  tags: string;
  slug: string;
  /** The name of one of the account's design templates (empty: the design chosen for the whole import). */
  template: string;
  /** One of the workspace's verified custom domains (empty: the default host). */
  domain: string;
}

/** PUT /api/imports/:id/rows/:row: a row fixed in the preview. Each cell is checked like the file's. */
export class BulkImportRowDto implements BulkImportCells {
  @IsString()
  @MaxLength(4096)
  name!: string;

  @IsString()
  @MaxLength(4096)
  destination!: string;

  @IsString()
  @MaxLength(200)
  category!: string;

  @IsString()
  @MaxLength(4096)
  tags!: string;

  @IsString()
  @MaxLength(200)
  slug!: string;

  /** Optional for callers that predate the template column: empty when left out. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  template!: string;

  /** Optional for callers that predate the domain column: empty when left out. */
  @IsOptional()
  @IsString()
  @MaxLength(300)
  domain!: string;
}

/** POST /api/imports/:id/confirm: the total the person was shown (cents), so a changed price is never charged. */
export class ConfirmBulkImportDto {
  @IsOptional()
  @IsInt({ message: 'The total must be a whole number of cents' })
  @Min(0, { message: 'The total must be a whole number of cents' })
  totalCents?: number;

  /** One of the account's design templates for every row that names none; null or absent: the default design. */
  @IsOptional()
  @checkedBy('designTemplateId', (v) => (v === null || isUuid(v) ? null : BULK_IMPORT_MESSAGES.designTemplateId))
  designTemplateId?: string | null;
}

export interface BulkImportRowView {
  /** 1-based, below the header. */
  row: number;
  cells: BulkImportCells;
  /** Field -> message, with the single create form's messages ('name', 'destinationUrl', 'category', 'slug', 'tags', 'template'). */
  errors: Record<string, string>;
  /** After creation: the code, or why it could not be created. */
  codeId: string | null;
  shortUrl: string | null;
  failure: string | null;
}

/** `cancelled`: stopped by its owner; the codes created before stay, the rows left are not created. */
export type BulkImportState = 'draft' | 'queued' | 'running' | 'done' | 'cancelled';

/** What confirming costs, computed by the server from the subscription and the codes held. */
export interface BulkImportPricing {
  /** Rows without errors: the codes the import creates. */
  codesToCreate: number;
  /** Seats not used by a code yet (taken first). */
  freeSeats: number;
  seatsToBuy: number;
  unitAmountCents: number | null;
  interval: 'monthly' | 'annual' | null;
  /** seatsToBuy x unit price, added to every period's invoice. */
  totalCents: number;
  /** May create codes at all (an active subscription). */
  entitled: boolean;
}

export interface BulkImportView {
  id: string;
  state: BulkImportState;
  createdAt: string;
  /** The design template chosen at confirmation for rows naming none (null: the default design, or not confirmed yet). */
  designTemplateId: string | null;
  /** At most BULK_IMPORT_VIEW_ROWS rows in file order: those with errors (draft) or failures first, then the others. */
  rows: BulkImportRowView[];
  /** Every row of the file (rows may list fewer). */
  rowCount: number;
  /** Valid rows naming their own design template. */
  namedTemplateRows: number;
  /** Rows with at least one error (skipped at creation). */
  invalidRows: number;
  /** What confirming costs now; null once confirmed (progress says what was bought). */
  pricing: BulkImportPricing | null;
  progress: BulkImportProgress;
}

export interface BulkImportProgress {
  state: BulkImportState;
  /** Rows being created (fixed at confirmation). */
  total: number;
  created: number;
  failed: number;
  seatsBought: number;
  amountChargedCents: number;
}
