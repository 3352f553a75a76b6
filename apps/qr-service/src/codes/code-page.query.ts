import type { CodeCursor, CodePageRequest, CodeSort } from '@qrd/contracts';

/** ISO time with microseconds: the precision PostgreSQL keeps, so a cursor lands exactly on its row. */
const MICRO_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

interface SortColumn {
  /** What the rows are ordered by (the indexes serve created, updated and name). */
  expr: string;
  /** The same value as the text a cursor carries. */
  key: string;
  /** A cursor's key as a value comparable with expr. */
  param: (n: number) => string;
}

/** Scans and last scan come from the per-code counters (qr.code_stats), never from qr.scans. */
const SORTS: Record<CodeSort, SortColumn> = {
  created: {
    expr: 'c.created_at',
    key: `to_char(c.created_at AT TIME ZONE 'UTC', ${MICRO_ISO})`,
    param: (n) => `$${n}::timestamptz`,
  },
  updated: {
    expr: 'c.updated_at',
    key: `to_char(c.updated_at AT TIME ZONE 'UTC', ${MICRO_ISO})`,
    param: (n) => `$${n}::timestamptz`,
  },
  name: {
    expr: 'lower(c.name)',
    key: 'lower(c.name)',
    param: (n) => `$${n}::text`,
  },
  scans: {
    expr: 'coalesce(s.scans, 0)',
    key: 'coalesce(s.scans, 0)::text',
    param: (n) => `$${n}::bigint`,
  },
  // Never scanned sorts as the earliest time: last when newest first, first when oldest first.
  lastScan: {
    expr: `coalesce(s.last_scan_at, '-infinity'::timestamptz)`,
    key: `to_char(s.last_scan_at AT TIME ZONE 'UTC', ${MICRO_ISO})`,
    param: (n) => `coalesce($${n}::timestamptz, '-infinity'::timestamptz)`,
  },
};

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface PageSql {
  /** Rows: CODE_COLUMNS plus "sortKey"; limit + 1 of them, to know whether another page follows. */
  page: { text: string; values: unknown[] };
  count: { text: string; values: unknown[] };
}

/** What the state filters need beside the request: the time, and the codes whose scan limit is used up (Redis counters). */
export interface StateFacts {
  now: Date;
  limitReached: string[];
}

/** The end date of the campaign controls has passed (the values are ISO date-times checked on the way in). */
export function expiredSql(nowParam: number): string {
  return `coalesce((c.campaign->>'expiresAt')::timestamptz <= $${nowParam}::timestamptz, false)`;
}

/** The start date of the campaign controls is still ahead. */
export function scheduledSql(nowParam: number): string {
  return `coalesce((c.campaign->>'startsAt')::timestamptz > $${nowParam}::timestamptz, false)`;
}

/**
 * The page query: filters, then the keyset condition `(sort key, id) after the cursor`, ordered by
 * the sort key with the id breaking ties in the same direction, so every code is on exactly one page.
 */
export function codePageSql(
  ownerId: string,
  request: Omit<CodePageRequest, 'cursor'>,
  after: CodeCursor | null,
  columns: string,
  facts: StateFacts = { now: new Date(), limitReached: [] },
): PageSql {
  const values: unknown[] = [ownerId];
  const where = ['c.owner_id = $1', 'c.deleted_at IS NULL'];
  const bind = (value: unknown) => {
    values.push(value);
    return values.length;
  };
  // The effective state (effectiveStateOf): the stored state first, then the start, the end date, then the scan limit.
  if (request.state === 'inactive') where.push(`c.state <> 'active'`);
  else if (request.state) {
    where.push(`c.state = 'active'`);
    const now = bind(facts.now.toISOString());
    const scheduled = scheduledSql(now);
    const expired = expiredSql(now);
    if (request.state === 'scheduled') where.push(scheduled);
    else if (request.state === 'expired') where.push(`NOT ${scheduled}`, expired);
    else {
      where.push(`NOT ${scheduled}`);
      where.push(`NOT ${expired}`);
      const reached = bind(facts.limitReached);
      where.push(request.state === 'scan_limit_reached' ? `c.id = ANY($${reached}::uuid[])` : `c.id <> ALL($${reached}::uuid[])`);
    }
  }
  if (request.category) where.push(`c.category = $${bind(request.category)}`);
  // The tags' GIN index answers "contains"; the folder has its own (owner, folder, ...) index.
  if (request.tag) where.push(`c.tags @> ARRAY[$${bind(request.tag)}::text]`);
  if (request.folder === 'none') where.push('c.folder_id IS NULL');
  else if (request.folder) where.push(`c.folder_id = $${bind(request.folder)}::uuid`);
  if (request.q) {
    const n = bind(containsPattern(request.q));
    where.push(`(c.name ILIKE $${n} OR c.destination ILIKE $${n} OR c.slug ILIKE $${n} OR array_to_string(c.tags, ' ') ILIKE $${n})`);
  }
  const countValues = [...values];
  const countWhere = [...where];

  const sort = SORTS[request.sort];
  const direction = request.order === 'asc' ? 'ASC' : 'DESC';
  if (after) {
    const key = bind(after.key);
    const id = bind(after.id);
    where.push(`(${sort.expr}, c.id) ${request.order === 'asc' ? '>' : '<'} (${sort.param(key)}, $${id}::uuid)`);
  }
  const limit = bind(request.limit + 1);
  return {
    page: {
      // The owner on the counters too: only this owner's qr.code_stats rows are read (its owner index).
      text: `SELECT ${columns}, ${sort.key} AS "sortKey"
             FROM qr.codes c LEFT JOIN qr.code_stats s ON s.code_id = c.id AND s.owner_id = $1
             WHERE ${where.join(' AND ')}
             ORDER BY ${sort.expr} ${direction}, c.id ${direction}
             LIMIT $${limit}`,
      values,
    },
    count: { text: `SELECT count(*)::int AS n FROM qr.codes c WHERE ${countWhere.join(' AND ')}`, values: countValues },
  };
}
