import { IsIn, registerDecorator, ValidationOptions } from 'class-validator';

/**
 * Organising codes: free tags (many per code) and folders (one per code at most), and bulk actions
 * on a selection of codes. Shared by the gateway's validation, the qr-service and the web forms.
 */
export const TAGS_PER_CODE_MAX = 20;
export const TAG_MAX_LENGTH = 32;
export const FOLDER_NAME_MAX_LENGTH = 60;
export const FOLDERS_PER_ACCOUNT_MAX = 200;
/** How many codes one bulk action takes. */
export const BULK_MAX_IDS = 500;

export const ORGANISE_MESSAGES = {
  tagsList: 'Tags must be a list of words',
  tagEmpty: 'A tag cannot be empty',
  tagTooLong: `A tag can have at most ${TAG_MAX_LENGTH} characters`,
  tagCharacters: 'A tag can only hold letters, digits, spaces, "-" and "_"',
  tooManyTags: `A code can have at most ${TAGS_PER_CODE_MAX} tags`,
  folderId: 'The folder must be the id of one of your folders',
  folderNotFound: 'Folder not found',
  folderNameRequired: 'A folder needs a name',
  folderNameTooLong: `A folder name can have at most ${FOLDER_NAME_MAX_LENGTH} characters`,
  folderNameTaken: 'You already have a folder with this name',
  tooManyFolders: `You can have at most ${FOLDERS_PER_ACCOUNT_MAX} folders`,
  bulkIds: `Choose from 1 to ${BULK_MAX_IDS} codes`,
  bulkIdsInvalid: 'Some of the chosen codes are not valid code ids',
  bulkNotFound: 'Some of the chosen codes were not found: nothing was changed',
  bulkTag: 'Give the tag to add or remove',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Letters and digits of any script, spaces, - and _.
const TAG_CHARACTERS = /^[\p{L}\p{N} _-]+$/u;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** How a tag is stored and compared: trimmed, inner spaces collapsed, lower case (NFC). */
export function normaliseTag(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Why one tag is refused (after normalising), or null. */
export function tagProblem(value: unknown): string | null {
  if (typeof value !== 'string') return ORGANISE_MESSAGES.tagsList;
  const tag = normaliseTag(value);
  if (tag === '') return ORGANISE_MESSAGES.tagEmpty;
  if (tag.length > TAG_MAX_LENGTH) return ORGANISE_MESSAGES.tagTooLong;
  if (!TAG_CHARACTERS.test(tag)) return ORGANISE_MESSAGES.tagCharacters;
  return null;
}

/** Why a list of tags is refused, or null (duplicates after normalising count once). */
export function tagsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return ORGANISE_MESSAGES.tagsList;
  for (const tag of value) {
    const problem = tagProblem(tag);
    if (problem) return problem;
  }
  if (normaliseTags(value as string[]).length > TAGS_PER_CODE_MAX) return ORGANISE_MESSAGES.tooManyTags;
  return null;
}

/** Normalised, without duplicates, in the order first given. */
export function normaliseTags(values: string[]): string[] {
  return [...new Set(values.map(normaliseTag))];
}

export function folderNameProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return ORGANISE_MESSAGES.folderNameRequired;
  if (value.trim().length > FOLDER_NAME_MAX_LENGTH) return ORGANISE_MESSAGES.folderNameTooLong;
  return null;
}

function bulkIdsProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > BULK_MAX_IDS) return ORGANISE_MESSAGES.bulkIds;
  if (!value.every(isUuid)) return ORGANISE_MESSAGES.bulkIdsInvalid;
  return null;
}

/** A class-validator rule whose message is whatever `check` says is wrong. */
export function checkedBy(name: string, check: (value: unknown) => string | null, options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
      options: { ...options, message: (args) => check(args.value) ?? 'Invalid value' },
      validator: { validate: (value: unknown) => check(value) === null },
    });
  };
}

export const IsTags = () => checkedBy('tags', tagsProblem);
/** A folder id, or null (no folder). */
export const IsFolderRef = () => checkedBy('folderId', (v) => (v === null || isUuid(v) ? null : ORGANISE_MESSAGES.folderId));

export interface FolderView {
  id: string;
  name: string;
  /** Live codes in the folder. */
  codes: number;
  createdAt: string;
}

/** The owner's tags with how many live codes carry each, most used first. */
export interface TagCount {
  tag: string;
  codes: number;
}

export class FolderDto {
  @checkedBy('folderName', folderNameProblem)
  name!: string;
}

export class BulkIdsDto {
  @checkedBy('ids', bulkIdsProblem)
  ids!: string[];
}

export const BULK_TAG_OPERATIONS = ['add', 'remove'] as const;
export type BulkTagOperation = (typeof BULK_TAG_OPERATIONS)[number];

export class BulkTagDto extends BulkIdsDto {
  @checkedBy('tag', (v) => (v === undefined ? ORGANISE_MESSAGES.bulkTag : tagProblem(v)))
  tag!: string;

  @IsIn(BULK_TAG_OPERATIONS, { message: 'The operation must be add or remove' })
  operation!: BulkTagOperation;
}

export class BulkFolderDto extends BulkIdsDto {
  @IsFolderRef()
  folderId!: string | null;
}

export const BULK_ACTIONS = ['activate', 'deactivate', 'delete', 'tag', 'folder', 'design-template'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface BulkResult {
  /** The distinct codes chosen (every one of them the caller's: it is all or nothing). */
  selected: number;
  /** Those the action changed (activating an active code changes nothing). */
  changed: number;
}
