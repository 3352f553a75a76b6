import {
  CODE_HISTORY_KINDS,
  HISTORY_MESSAGES,
  HISTORY_PAGE_DEFAULT_LIMIT,
  HISTORY_PAGE_MAX_LIMIT,
  type CodeHistoryEntry,
  type CodeHistoryKind,
  type HistoryQuery,
} from './code-history.dto';

/**
 * The dashboard's Recent Activity (spec: scans, edits and creations): the changes of the owner's
 * codes (their history) and their scans, grouped per code and hour ("12 scans of Menu"), newest
 * first. GET /api/activity?cursor&limit&kind&codeId; kind=scans for the scans only, a change kind
 * for those changes only.
 */
export const ACTIVITY_SCANS = 'scans';
export type ActivityKind = CodeHistoryKind | typeof ACTIVITY_SCANS;

export interface ChangeActivity extends CodeHistoryEntry {
  type: 'change';
}

/** A code's human scans in one UTC hour (bots and link previews are not counted). */
export interface ScanActivity {
  type: 'scans';
  /** The code and hour ("<codeId>@<hour ISO>"). */
  id: string;
  codeId: string;
  codeName: string;
  codeDeleted: boolean;
  scans: number;
  /** The hour the scans fell in: from (included) to (excluded). */
  from: string;
  to: string;
  /** The last of these scans: where the group stands in the feed. */
  at: string;
}

export type ActivityItem = ChangeActivity | ScanActivity;

export interface ActivityPage {
  items: ActivityItem[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** Where a page ends in each of the two lists the feed merges (null: nothing shown from it yet). */
export interface ActivityCursor {
  /** The last change shown (its history id). */
  change: string | null;
  /** The last scan group shown: its time (ISO with microseconds) and code. */
  scans: { at: string; codeId: string } | null;
}

export interface ActivityPageRequest {
  limit: number;
  cursor: ActivityCursor | null;
  kind: ActivityKind | null;
  codeId: string | null;
}

export const ACTIVITY_MESSAGES = {
  kind: `The kind must be ${ACTIVITY_SCANS} or one of ${CODE_HISTORY_KINDS.join(', ')}`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHANGE = /^[1-9][0-9]{0,17}$/;
const MICRO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** "<change id>~<scan time>~<code id>", each part empty when nothing was shown from its list. */
export function encodeActivityCursor(cursor: ActivityCursor): string {
  return `${cursor.change ?? ''}~${cursor.scans?.at ?? ''}~${cursor.scans?.codeId ?? ''}`;
}

export function decodeActivityCursor(text: string): ActivityCursor | null {
  const parts = text.split('~');
  if (parts.length !== 3) return null;
  const [change, at, codeId] = parts;
  if (change !== '' && !CHANGE.test(change)) return null;
  if ((at === '') !== (codeId === '')) return null;
  if (at !== '' && (!MICRO_TIME.test(at) || Number.isNaN(Date.parse(at)) || !UUID.test(codeId))) return null;
  if (change === '' && at === '') return null;
  return { change: change || null, scans: at ? { at, codeId: codeId.toLowerCase() } : null };
}

/** Query parameters to a request, or the first problem with its field (a 400 names it). */
export function activityPageRequest(query: HistoryQuery): { request: ActivityPageRequest } | { field: keyof HistoryQuery; message: string } {
  const text = (value: unknown) => (value === undefined || value === '' ? undefined : typeof value === 'string' ? value : null);
  const limit = text(query.limit);
  const cursor = text(query.cursor);
  const kind = text(query.kind);
  const codeId = text(query.codeId);
  if (limit === null || (limit !== undefined && (!/^[0-9]{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > HISTORY_PAGE_MAX_LIMIT))) {
    return { field: 'limit', message: HISTORY_MESSAGES.limit };
  }
  const decoded = cursor === undefined ? null : cursor === null ? undefined : decodeActivityCursor(cursor);
  if (decoded === undefined || (cursor !== undefined && decoded === null)) return { field: 'cursor', message: HISTORY_MESSAGES.cursor };
  if (kind === null || (kind !== undefined && kind !== ACTIVITY_SCANS && !(CODE_HISTORY_KINDS as readonly string[]).includes(kind))) {
    return { field: 'kind', message: ACTIVITY_MESSAGES.kind };
  }
  if (codeId === null || (codeId !== undefined && !UUID.test(codeId))) return { field: 'codeId', message: HISTORY_MESSAGES.codeId };
  return {
    request: {
      limit: limit === undefined ? HISTORY_PAGE_DEFAULT_LIMIT : Number(limit),
      cursor: decoded,
      kind: (kind as ActivityKind | undefined) ?? null,
      codeId: codeId ? codeId.toLowerCase() : null,
    },
  };
}

/** The qr-service checks again: the queue trusts no shape. */
export function activityRequestProblem(request: ActivityPageRequest): string | null {
  const result = activityPageRequest({
    limit: String(request.limit),
    cursor: request.cursor ? encodeActivityCursor(request.cursor) : undefined,
    kind: request.kind ?? undefined,
    codeId: request.codeId ?? undefined,
  });
  return 'message' in result ? result.message : null;
}
