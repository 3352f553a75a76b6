import { IsIn, IsOptional, registerDecorator, ValidationArguments } from 'class-validator';
import { isUuid, normaliseTag, tagProblem } from './organise.dto';
import { QR_MESSAGES } from './code-fields';
import { QR_CATEGORIES, type QrCategory, wholeNumber } from './qr.dto';

/**
 * GET /api/qrcodes?limit&cursor&sort&order&q&state&category&tag&folder: one page of the user's codes, sorted,
 * searched and filtered on the server, with an opaque keyset cursor to the next page. Without any
 * of these parameters the route keeps answering the spec's plain list.
 */
export const CODE_SORTS = ['created', 'updated', 'name', 'scans', 'lastScan'] as const;
export type CodeSort = (typeof CODE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/**
 * By effective state: 'active' codes redirect now; 'inactive': deactivated by the owner or
 * suspended (billing, account); 'scheduled': before the start date; 'expired': past the end date;
 * 'scan_limit_reached': the scan limit used up.
 */
export const CODE_STATE_FILTERS = ['active', 'inactive', 'scheduled', 'expired', 'scan_limit_reached'] as const;
export type CodeStateFilter = (typeof CODE_STATE_FILTERS)[number];

export const CODE_PAGE_DEFAULT_LIMIT = 50;
export const CODE_PAGE_MAX_LIMIT = 100;
export const CODE_SEARCH_MAX_LENGTH = 200;

export const CODE_PAGE_MESSAGES = {
  limit: `The limit must be a whole number from 1 to ${CODE_PAGE_MAX_LIMIT}`,
  sort: 'Sort by created, updated, name, scans or lastScan',
  folder: 'The folder must be the id of one of your folders, or none',
  order: 'The order must be asc or desc',
  state: `The state must be one of ${CODE_STATE_FILTERS.join(', ')}`,
  search: `The search must be text of at most ${CODE_SEARCH_MAX_LENGTH} characters`,
  cursor: 'This page link is not valid any more: start again from the first page',
  cursorOrder: 'This page link belongs to another sort order: start again from the first page',
} as const;

/** A page position: the sort key of the last code shown and its id (the tie-breaker). */
export interface CodeCursor {
  sort: CodeSort;
  order: SortOrder;
  /** created/updated/lastScan: ISO time with microseconds (lastScan: null = never scanned); name: lower-case name; scans: a whole number as text. */
  key: string | null;
  id: string;
}

/** What the qr-service is asked for, defaults applied. */
export interface CodePageRequest {
  limit: number;
  cursor: string | null;
  sort: CodeSort;
  order: SortOrder;
  q: string;
  state: CodeStateFilter | null;
  category: QrCategory | null;
  /** Codes carrying this tag (normalised). */
  tag: string | null;
  /** Codes in this folder; 'none': codes in no folder. */
  folder: string | null;
}

export interface CodePage<T> {
  items: T[];
  /** Null on the last page. */
  nextCursor: string | null;
  /** Codes matching the search and filters, on every page. */
  total: number;
}

const CURSOR_VERSION = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICRO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.(\d{3})\d{3}Z$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,2048}$/;

function isMicroTime(value: unknown): boolean {
  if (typeof value !== 'string' || !MICRO_TIME.test(value)) return false;
  const millis = `${value.slice(0, 23)}Z`;
  const date = new Date(millis);
  // Round trip: "2025-02-30" parses (as March 2nd) but does not come back the same.
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis;
}

function keyFits(sort: CodeSort, key: unknown): boolean {
  switch (sort) {
    case 'created':
    case 'updated':
      return isMicroTime(key);
    case 'lastScan':
      return key === null || isMicroTime(key);
    case 'scans':
      return typeof key === 'string' && /^\d{1,18}$/.test(key);
    case 'name':
      // PostgreSQL text cannot hold NUL; names are at most 100 characters (lower() may lengthen a few).
      return typeof key === 'string' && key.length <= 4 * 100 && !key.includes('\u0000');
  }
}

/** Browser and Node alike: base64url of the UTF-8 JSON. */
export function encodeCodeCursor(cursor: CodeCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([CURSOR_VERSION, cursor.sort, cursor.order, cursor.key, cursor.id]));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor, or null when it is not one we made (malformed, edited, from another version). */
export function decodeCodeCursor(text: unknown): CodeCursor | null {
  if (typeof text !== 'string' || !BASE64URL.test(text)) return null;
  let parsed: unknown;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5 || parsed[0] !== CURSOR_VERSION) return null;
  const [, sort, order, key, id] = parsed as unknown[];
  if (!CODE_SORTS.includes(sort as CodeSort) || !SORT_ORDERS.includes(order as SortOrder)) return null;
  if (typeof id !== 'string' || !UUID.test(id) || !keyFits(sort as CodeSort, key)) return null;
  return { sort: sort as CodeSort, order: order as SortOrder, key: key as string | null, id: id.toLowerCase() };
}

/** Newest first, names A to Z, most scanned and most recently scanned first. */
export function defaultOrder(sort: CodeSort): SortOrder {
  return sort === 'name' ? 'asc' : 'desc';
}

/** Why a cursor cannot continue this listing, or null. */
export function cursorProblem(text: unknown, sort: CodeSort, order: SortOrder): string | null {
  const cursor = decodeCodeCursor(text);
  if (!cursor) return CODE_PAGE_MESSAGES.cursor;
  if (cursor.sort !== sort || cursor.order !== order) return CODE_PAGE_MESSAGES.cursorOrder;
  return null;
}

function searchProblem(value: unknown): string | null {
  return typeof value === 'string' && value.length <= CODE_SEARCH_MAX_LENGTH && !value.includes('\u0000') ? null : CODE_PAGE_MESSAGES.search;
}

/** A rule that may read the other fields of the query (the cursor must match the sort). */
function checkedWith(name: string, check: (value: unknown, object: Record<string, unknown>) => string | null) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
      options: { message: (args: ValidationArguments) => check(args.value, args.object as Record<string, unknown>) ?? 'Invalid value' },
      validator: { validate: (value: unknown, args?: ValidationArguments) => check(value, (args?.object ?? {}) as Record<string, unknown>) === null },
    });
  };
}

const sortOf = (query: Record<string, unknown>): CodeSort =>
  CODE_SORTS.includes(query.sort as CodeSort) ? (query.sort as CodeSort) : 'created';
const orderOf = (query: Record<string, unknown>, sort: CodeSort): SortOrder =>
  SORT_ORDERS.includes(query.order as SortOrder) ? (query.order as SortOrder) : defaultOrder(sort);

/** Query-string text, checked here and converted by codePageRequest once it passed. */
export class CodePageQueryDto {
  @IsOptional()
  @checkedWith('limit', (v) => {
    const n = wholeNumber(v);
    return n !== null && n >= 1 && n <= CODE_PAGE_MAX_LIMIT ? null : CODE_PAGE_MESSAGES.limit;
  })
  limit?: string;

  @IsOptional()
  @checkedWith('cursor', (v, query) => {
    const sort = sortOf(query);
    return cursorProblem(v, sort, orderOf(query, sort));
  })
  cursor?: string;

  @IsOptional()
  @IsIn(CODE_SORTS, { message: CODE_PAGE_MESSAGES.sort })
  sort?: CodeSort;

  @IsOptional()
  @IsIn(SORT_ORDERS, { message: CODE_PAGE_MESSAGES.order })
  order?: SortOrder;

  @IsOptional()
  @checkedWith('search', searchProblem)
  q?: string;

  @IsOptional()
  @IsIn(CODE_STATE_FILTERS, { message: CODE_PAGE_MESSAGES.state })
  state?: CodeStateFilter;

  @IsOptional()
  @IsIn(QR_CATEGORIES, { message: QR_MESSAGES.category })
  category?: QrCategory;

  @IsOptional()
  @checkedWith('tag', (v) => tagProblem(v))
  tag?: string;

  @IsOptional()
  @checkedWith('folder', (v) => (v === 'none' || isUuid(v) ? null : CODE_PAGE_MESSAGES.folder))
  folder?: string;
}

/** True when the caller asked for pages (any of the parameters); the bare route keeps the spec's list. */
export function isCodePageQuery(query: CodePageQueryDto): boolean {
  return Object.values(query).some((value) => value !== undefined);
}

/** A validated query with its defaults. */
export function codePageRequest(query: CodePageQueryDto): CodePageRequest {
  const sort = query.sort ?? 'created';
  return {
    limit: wholeNumber(query.limit) ?? CODE_PAGE_DEFAULT_LIMIT,
    cursor: query.cursor ?? null,
    sort,
    order: query.order ?? defaultOrder(sort),
    q: (query.q ?? '').trim(),
    state: query.state ?? null,
    category: query.category ?? null,
    tag: query.tag === undefined ? null : normaliseTag(query.tag),
    folder: query.folder === undefined ? null : query.folder.toLowerCase(),
  };
}

/** Preview images: `v` only makes the address change when the design does (the server ignores it). */
export class PreviewImageQueryDto {
  @IsOptional()
  @checkedWith('v', (v) => (typeof v === 'string' && v.length <= 64 ? null : 'The version must be text of at most 64 characters'))
  v?: string;
}
