/**
 * A code's history: every change the owner or an admin made, newest first, a page at a time.
 * GET /api/qrcodes/:id/history?cursor&limit and GET /api/activity?cursor&limit&kind&codeId.
 */
export const CODE_HISTORY_KINDS = [
  'created',
  'name',
  'destination',
  'content',
  'category',
  'campaign',
  'password',
  'design',
  'logo',
  'state',
  'takedown',
  'deleted',
  'tags',
  'folder',
  /** How the code's analytics count unique visitors (field uniqueWindow: 'hour' or 'day'). */
  'analytics',
] as const;
export type CodeHistoryKind = (typeof CODE_HISTORY_KINDS)[number];

/** Who made a change: the code's owner (session or API key), an admin, or the system (the abuse blocklist). */
export type CodeHistoryActor = 'owner' | 'admin' | 'system';

/** One changed field. A password is never shown: its values are 'set' or 'none'. */
export interface CodeHistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface CodeHistoryEntry {
  id: string;
  codeId: string;
  /** The code's name now (a deleted code keeps its name). */
  codeName: string;
  /** The code was deleted since (its screen is gone). */
  codeDeleted: boolean;
  kind: CodeHistoryKind;
  actor: CodeHistoryActor;
  /** The owner's change came through the public API with this key. */
  apiKeyName: string | null;
  /** The account that made the change, in a workspace of several (null when unknown or deleted). */
  memberId?: string | null;
  /** That account's username, added by the gateway. */
  memberName?: string | null;
  at: string;
  changes: CodeHistoryChange[];
}

export interface CodeHistoryPage {
  items: CodeHistoryEntry[];
  /** Null on the last page. */
  nextCursor: string | null;
}

export const HISTORY_PAGE_DEFAULT_LIMIT = 20;
export const HISTORY_PAGE_MAX_LIMIT = 100;

export const HISTORY_MESSAGES = {
  limit: `The limit must be a whole number from 1 to ${HISTORY_PAGE_MAX_LIMIT}`,
  cursor: 'This page link is not valid any more: start again from the first page',
  kind: `The kind must be one of ${CODE_HISTORY_KINDS.join(', ')}`,
  codeId: 'The codeId must be the id of one of your QR codes',
} as const;

/** What the qr-service is asked for, defaults applied and checked. */
export interface HistoryPageRequest {
  limit: number;
  /** The id of the last entry shown (entries older than it follow). */
  cursor: string | null;
  kind: CodeHistoryKind | null;
  codeId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR = /^[1-9][0-9]{0,17}$/;

export type HistoryQuery = Partial<Record<'limit' | 'cursor' | 'kind' | 'codeId', unknown>>;

/** Query parameters to a request, or the first problem with its field (a 400 names it). */
export function historyPageRequest(query: HistoryQuery): { request: HistoryPageRequest } | { field: keyof HistoryQuery; message: string } {
  const text = (value: unknown) => (value === undefined || value === '' ? undefined : typeof value === 'string' ? value : null);
  const limit = text(query.limit);
  const cursor = text(query.cursor);
  const kind = text(query.kind);
  const codeId = text(query.codeId);
  if (limit === null || (limit !== undefined && !/^[0-9]{1,3}$/.test(limit)) || (limit !== undefined && (Number(limit) < 1 || Number(limit) > HISTORY_PAGE_MAX_LIMIT))) {
    return { field: 'limit', message: HISTORY_MESSAGES.limit };
  }
  if (cursor === null || (cursor !== undefined && !CURSOR.test(cursor))) return { field: 'cursor', message: HISTORY_MESSAGES.cursor };
  if (kind === null || (kind !== undefined && !(CODE_HISTORY_KINDS as readonly string[]).includes(kind))) return { field: 'kind', message: HISTORY_MESSAGES.kind };
  if (codeId === null || (codeId !== undefined && !UUID.test(codeId))) return { field: 'codeId', message: HISTORY_MESSAGES.codeId };
  return {
    request: {
      limit: limit === undefined ? HISTORY_PAGE_DEFAULT_LIMIT : Number(limit),
      cursor: cursor ?? null,
      kind: (kind as CodeHistoryKind | undefined) ?? null,
      codeId: codeId ?? null,
    },
  };
}

/** The qr-service checks again: the queue trusts no shape. */
export function historyRequestProblem(request: HistoryPageRequest): string | null {
  const result = historyPageRequest({
    limit: String(request.limit),
    cursor: request.cursor ?? undefined,
    kind: request.kind ?? undefined,
    codeId: request.codeId ?? undefined,
  });
  return 'message' in result ? result.message : null;
}
