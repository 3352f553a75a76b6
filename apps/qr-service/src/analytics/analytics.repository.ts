import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import QueryStream from 'pg-query-stream';
import { DataSource } from 'typeorm';
import { AnalyticsReads } from '@qrd/database';
import { Dimension, DIMENSIONS } from '../scans/scan-rollups';
import { CityPlacesRepository } from './city-places.repository';
import { compareText, hourCeil, hourFloor, percentChange, splitWindow } from './analytics-windows';
import type {
  CodeComparisonRow,
  CodeComparisonSort,
  CountItem,
  RecentActivity,
  ScanBreakdowns,
  SeriesPoint,
  ScanExportRecord,
} from '@qrd/contracts';

/** Whose scans: one code's, or every code of an owner. */

export type ScanScope = { codeId: string } | { ownerId: string };

/** A half-open interval [start, end) of instants, plus how to bucket it for the viewer. */
export interface ScanWindow {
  start: Date;
  end: Date;
  tz: string;
}

export interface SeriesRequest {
  /** First and last local day (YYYY-MM-DD), both included. */
  fromDay: string;
  toDay: string;
  tz: string;
  unit: 'hour' | 'day';
}

export interface WindowTotals {
  scans: number;
  uniqueScans: number;
  botScans: number;
}

export interface StatTotals {
  scans: number;
  botScans: number;
  lastScanAt: Date | null;
}

const TOP = 10;
/** Cities the map can draw: the busiest, enough for any country's view (the table lists them all). */
const MAP_CITIES = 1000;
/** Rows fetched from the export's cursor per round trip. */
const CSV_BATCH_ROWS = 1000;

function scopeId(scope: ScanScope): string {
  return 'codeId' in scope ? scope.codeId : scope.ownerId;
}

/** A stored scan as the CSV export lists it: what the ingestor stored, without its keys. */
export type CsvScan = ScanExportRecord;

/**
 * Read side of the scan rollups (qr.rollup_buckets, qr.rollup_dims and its pending additions) and qr.code_stats: every
 * figure is a sum of rollup rows, never a scan of raw rows. Windows start and end on quarter hours
 * (every local hour and day does), so the sums are exact in every time zone.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(
    /** Analytics and exports read the replica when there is one (docs/scaling.md "PostgreSQL"). */
    private readonly db: AnalyticsReads,
    /** What must show a change at once: the activity feed names codes just created or changed. */
    private readonly primary: DataSource,
    private readonly places: CityPlacesRepository,
  ) {}

  async isKnownTimeZone(tz: string): Promise<boolean> {
    try {
      await this.db.query(`SELECT now() AT TIME ZONE $1`, [tz]);
      return true;
    } catch {
      return false;
    }
  }

  /** The instants at which the first local day starts and the day after the last one starts. */
  async localDayBounds(fromDay: string, toDay: string, tz: string): Promise<{ start: Date; end: Date }> {
    const rows: { start: Date; end: Date }[] = await this.db.query(
      `SELECT ($1::date::timestamp AT TIME ZONE $3) AS start, (($2::date + 1)::timestamp AT TIME ZONE $3) AS "end"`,
      [fromDay, toDay, tz],
    );
    return rows[0];
  }

  /** Human scans, unique scanners and bot scans in the window: whole UTC hours from the hourly rows, the ends from the quarter hours. */
  async totals(scope: ScanScope, window: Pick<ScanWindow, 'start' | 'end'>): Promise<WindowTotals> {
    const start = window.start.getTime();
    const end = window.end.getTime();
    const rows: WindowTotals[] = await this.db.query(
      `SELECT coalesce(sum(scans), 0)::int AS scans, coalesce(sum(uniques), 0)::int AS "uniqueScans",
              coalesce(sum(bot_scans), 0)::int AS "botScans"
       FROM (SELECT scans, uniques, bot_scans FROM qr.rollup_hours WHERE scope_id = $1 AND hour >= $4::timestamptz AND hour < $5::timestamptz
             UNION ALL
             SELECT scans, uniques, bot_scans FROM qr.rollup_buckets
             WHERE scope_id = $1
               AND ((bucket >= $2::timestamptz AND bucket < least($4::timestamptz, $3::timestamptz))
                    OR (bucket >= $5::timestamptz AND bucket < $3::timestamptz))) x`,
      [scopeId(scope), window.start, window.end, new Date(hourCeil(start)), new Date(Math.max(hourCeil(start), hourFloor(end)))],
    );
    return rows[0];
  }

  /** One point per local hour or day from the first to the last day, zeros included. */
  async series(scope: ScanScope, request: SeriesRequest): Promise<SeriesPoint[]> {
    if (request.unit === 'day') return this.dailySeries(scope, request);
    const step = request.unit === 'hour' ? '1 hour' : '1 day';
    const format = request.unit === 'hour' ? `'YYYY-MM-DD"T"HH24:00'` : `'YYYY-MM-DD'`;
    return this.db.query(
      `WITH bounds AS (
         SELECT $2::date::timestamp AS first_local, ($3::date + 1)::timestamp AS end_local
       ), agg AS (
         SELECT date_trunc('${request.unit}', bucket AT TIME ZONE $4) AS local_start,
                sum(scans)::int AS scans, sum(uniques)::int AS uniq
         FROM qr.rollup_buckets, bounds
         WHERE scope_id = $1
           AND bucket >= (bounds.first_local AT TIME ZONE $4) AND bucket < (bounds.end_local AT TIME ZONE $4)
         GROUP BY 1
       )
       SELECT to_char(b.local_start, ${format}) AS bucket, coalesce(a.scans, 0) AS scans, coalesce(a.uniq, 0) AS "uniqueScans"
       FROM bounds, generate_series(bounds.first_local, bounds.end_local - interval '${step}', interval '${step}') AS b(local_start)
       LEFT JOIN agg a ON a.local_start = b.local_start
       ORDER BY b.local_start`,
      [scopeId(scope), request.fromDay, request.toDay, request.tz],
    );
  }

  /**
   * One point per local day: each day's whole UTC hours from the hourly rows, and the quarter
   * hours of the hours it shares with the day before or after (in zones half or three quarters of
   * an hour off UTC, and on days whose offset changes by less than an hour).
   */
  private async dailySeries(scope: ScanScope, request: SeriesRequest): Promise<SeriesPoint[]> {
    return this.db.query(
      `WITH days AS (
         SELECT d, (d AT TIME ZONE $4) AS s, ((d + interval '1 day') AT TIME ZONE $4) AS e
         FROM generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') AS d
       ), edges AS (
         SELECT d, s, e, to_timestamp(ceil(extract(epoch FROM s) / 3600) * 3600) AS hs, to_timestamp(floor(extract(epoch FROM e) / 3600) * 3600) AS he
         FROM days
       )
       SELECT to_char(d, 'YYYY-MM-DD') AS bucket, coalesce(sum(x.scans), 0)::int AS scans, coalesce(sum(x.uniques), 0)::int AS "uniqueScans"
       FROM edges LEFT JOIN LATERAL (
         SELECT h.scans, h.uniques FROM qr.rollup_hours h WHERE h.scope_id = $1 AND h.hour >= edges.hs AND h.hour < edges.he
         UNION ALL
         SELECT q.scans, q.uniques FROM qr.rollup_buckets q
         WHERE q.scope_id = $1
           AND ((q.bucket >= edges.s AND q.bucket < least(edges.hs, edges.e)) OR (q.bucket >= greatest(edges.he, edges.hs) AND q.bucket < edges.e))
       ) x ON true
       GROUP BY d ORDER BY d`,
      [scopeId(scope), request.fromDay, request.toDay, request.tz],
    );
  }

  /**
   * The top keys of each dimension in the window: whole UTC months from the monthly rows, whole
   * days from the daily rows, the rest (partial days at the ends) from the quarter-hour rows.
   */
  async breakdowns(scope: ScanScope, window: Pick<ScanWindow, 'start' | 'end'>): Promise<ScanBreakdowns> {
    const { languages: _languages, ...breakdowns } = await this.dimensionCounts(scope, window, DIMENSIONS, TOP);
    return { ...breakdowns, cities: await this.places.locate(breakdowns.cities) };
  }

  /** Every country with human scans in the window and the busiest cities with where they are, most first (the map). */
  async mapPlaces(scope: ScanScope, window: Pick<ScanWindow, 'start' | 'end'>): Promise<{ countries: CountItem[]; cities: CountItem[] }> {
    const { countries, cities } = await this.dimensionCounts(scope, window, ['countries', 'cities'], Number.MAX_SAFE_INTEGER);
    return { countries, cities: await this.places.locate(cities.slice(0, MAP_CITIES)) };
  }

  /**
   * Human scans per local weekday (ISO, Monday = 0) and hour in the window. Every quarter-hour
   * bucket lies inside one local hour in every zone, so each count is exact.
   */
  async heatmap(scope: ScanScope, window: Pick<ScanWindow, 'start' | 'end'>, tz: string): Promise<number[][]> {
    const rows: { dow: number; hour: number; scans: number }[] = await this.db.query(
      `SELECT extract(isodow FROM bucket AT TIME ZONE $4)::int - 1 AS dow, extract(hour FROM bucket AT TIME ZONE $4)::int AS hour,
              sum(scans)::int AS scans
       FROM qr.rollup_buckets WHERE scope_id = $1 AND bucket >= $2 AND bucket < $3 AND scans <> 0
       GROUP BY 1, 2`,
      [scopeId(scope), window.start, window.end, tz],
    );
    const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const row of rows) grid[row.dow][row.hour] = row.scans;
    return grid;
  }

  /**
   * Human scans and unique scanners of each of the owner's codes in two windows (the chosen range
   * and the one before), for the codes with scans in either: whole UTC hours from the hourly
   * rows, the ends from the quarter hours.
   */
  async codeComparison(
    ownerId: string,
    current: Pick<ScanWindow, 'start' | 'end'>,
    previous: Pick<ScanWindow, 'start' | 'end'>,
    sort: CodeComparisonSort,
    order: 'asc' | 'desc',
    page: number,
    pageSize: number,
  ): Promise<{ total: number; items: CodeComparisonRow[] }> {
    const windowSql = (first: number) => `
      SELECT scope_id, scans, uniques FROM qr.rollup_hours
      WHERE scope_id IN (SELECT id FROM mine) AND hour >= $${first + 2} AND hour < $${first + 3}
      UNION ALL
      SELECT scope_id, scans, uniques FROM qr.rollup_buckets
      WHERE scope_id IN (SELECT id FROM mine)
        AND ((bucket >= $${first} AND bucket < least($${first + 2}, $${first + 1})) OR (bucket >= $${first + 3} AND bucket < $${first + 1}))`;
    const bounds = (window: Pick<ScanWindow, 'start' | 'end'>) => {
      const start = window.start.getTime();
      const end = window.end.getTime();
      return [window.start, window.end, new Date(hourCeil(start)), new Date(Math.max(hourCeil(start), hourFloor(end)))];
    };
    const direction = order === 'asc' ? 'ASC' : 'DESC';
    const orderBy = {
      scans: `scans ${direction}, name, id`,
      uniqueScans: `"uniqueScans" ${direction}, name, id`,
      // 'new' (nothing before) ranks above any percentage.
      change: `(CASE WHEN "previousScans" = 0 THEN (CASE WHEN scans > 0 THEN 'Infinity'::float8 ELSE 0 END)
                ELSE (scans - "previousScans")::float8 / "previousScans" END) ${direction}, scans DESC, name, id`,
      name: `name ${direction === 'ASC' ? 'COLLATE "C" ASC' : 'COLLATE "C" DESC'}, id`,
    }[sort];
    const rows: (CodeComparisonRow & { id: string; total: number })[] = await this.db.query(
      `WITH mine AS (SELECT id, name, slug FROM qr.codes WHERE owner_id = $1 AND deleted_at IS NULL),
       cur AS (SELECT scope_id, sum(scans)::int AS scans, sum(uniques)::int AS uniq FROM (${windowSql(2)}) x GROUP BY scope_id),
       prev AS (SELECT scope_id, sum(scans)::int AS scans, sum(uniques)::int AS uniq FROM (${windowSql(6)}) x GROUP BY scope_id),
       rows AS (
         SELECT m.id, m.id::text AS "codeId", m.name, m.slug, coalesce(c.scans, 0) AS scans, coalesce(c.uniq, 0) AS "uniqueScans",
                coalesce(p.scans, 0) AS "previousScans", coalesce(p.uniq, 0) AS "previousUniqueScans"
         FROM mine m LEFT JOIN cur c ON c.scope_id = m.id LEFT JOIN prev p ON p.scope_id = m.id
         WHERE coalesce(c.scans, 0) > 0 OR coalesce(p.scans, 0) > 0
       )
       SELECT *, count(*) OVER ()::int AS total FROM rows ORDER BY ${orderBy} LIMIT $10 OFFSET $11`,
      [ownerId, ...bounds(current), ...bounds(previous), pageSize, (page - 1) * pageSize],
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 1) {
      const counted: { n: number }[] = await this.db.query(
        `WITH mine AS (SELECT id FROM qr.codes WHERE owner_id = $1 AND deleted_at IS NULL),
         cur AS (SELECT scope_id, scans FROM (${windowSql(2)}) x), prev AS (SELECT scope_id, scans FROM (${windowSql(6)}) x)
         SELECT count(DISTINCT scope_id)::int AS n FROM (SELECT * FROM cur UNION ALL SELECT * FROM prev) y WHERE scans <> 0`,
        [ownerId, ...bounds(current), ...bounds(previous)],
      );
      total = counted[0].n;
    }
    return {
      total,
      items: rows.map(({ id: _id, total: _total, ...row }) => ({ ...row, change: percentChange(row.scans, row.previousScans) })),
    };
  }

  private async dimensionCounts(
    scope: ScanScope,
    window: Pick<ScanWindow, 'start' | 'end'>,
    dims: readonly Dimension[],
    limit: number,
  ): Promise<Record<Dimension, CountItem[]>> {
    const parts = splitWindow(window.start.getTime(), window.end.getTime());
    const params: unknown[] = [scopeId(scope)];
    const ranges = (level: 'q' | 'd' | 'm', list: [number, number][]) => {
      const live = list.filter(([from, to]) => from < to);
      if (live.length === 0) return [];
      return [
        `(level = '${level}' AND (${live
          .map(([from, to]) => {
            params.push(new Date(from), new Date(to));
            return `(bucket >= $${params.length - 1} AND bucket < $${params.length})`;
          })
          .join(' OR ')}))`,
      ];
    };
    const where = [...ranges('m', parts.months), ...ranges('d', parts.days), ...ranges('q', parts.quarters)];
    const out = Object.fromEntries(DIMENSIONS.map((dim) => [dim, [] as CountItem[]])) as Record<Dimension, CountItem[]>;
    if (where.length === 0) return out;
    params.push([...dims], new Date(window.start.getTime()), new Date(window.end.getTime()));
    const dimsParam = `$${params.length - 2}`;
    const rows: { dim: Dimension; key: string; scans: number }[] = await this.db.query(
      `SELECT k.dim, e.key, sum(e.value::int)::int AS scans
       FROM (SELECT counts FROM qr.rollup_dims WHERE scope_id = $1 AND (${where.join(' OR ')})
             -- Additions the folder has not moved into the documents yet: quarter hours only.
             UNION ALL SELECT counts FROM qr.rollup_dim_deltas
             WHERE scope_id = $1 AND level = 'q' AND bucket >= $${params.length - 1} AND bucket < $${params.length}) r
       CROSS JOIN LATERAL jsonb_each(r.counts) k(dim, keys) CROSS JOIN LATERAL jsonb_each_text(k.keys) e
       WHERE k.dim = ANY(${dimsParam}::text[])
       GROUP BY 1, 2 HAVING sum(e.value::int) > 0`,
      params,
    );
    for (const row of rows) {
      if (row.dim === 'cities') {
        const split = row.key.indexOf('|');
        out.cities.push({ key: row.key.slice(split + 1), country: row.key.slice(0, split), scans: row.scans });
      } else {
        out[row.dim].push({ key: row.key, scans: row.scans });
      }
    }
    for (const dim of DIMENSIONS) {
      out[dim].sort((a, b) => b.scans - a.scans || compareText(a.key, b.key) || compareText(a.country ?? '', b.country ?? ''));
      out[dim] = out[dim].slice(0, limit);
    }
    return out;
  }

  async codeStats(codeId: string): Promise<StatTotals> {
    const rows: StatTotals[] = await this.db.query(
      `SELECT scans::int AS scans, bot_scans::int AS "botScans", last_scan_at AS "lastScanAt" FROM qr.code_stats WHERE code_id = $1`,
      [codeId],
    );
    return rows[0] ?? { scans: 0, botScans: 0, lastScanAt: null };
  }

  async ownerStats(ownerId: string): Promise<StatTotals & { codes: number; activeCodes: number }> {
    const rows: (StatTotals & { codes: number; activeCodes: number })[] = await this.db.query(
      `SELECT count(*)::int AS codes, count(*) FILTER (WHERE c.state = 'active')::int AS "activeCodes",
              coalesce(sum(s.scans), 0)::int AS scans, coalesce(sum(s.bot_scans), 0)::int AS "botScans",
              max(s.last_scan_at) AS "lastScanAt"
       FROM qr.codes c LEFT JOIN qr.code_stats s ON s.code_id = c.id
       WHERE c.owner_id = $1 AND c.deleted_at IS NULL`,
      [ownerId],
    );
    return rows[0];
  }

  /** Start of the viewer's current calendar month and of the one before, as instants. */
  async monthStarts(tz: string): Promise<{ thisMonth: Date; previousMonth: Date }> {
    const rows: { thisMonth: Date; previousMonth: Date }[] = await this.db.query(
      `SELECT date_trunc('month', now() AT TIME ZONE $1) AT TIME ZONE $1 AS "thisMonth",
              (date_trunc('month', now() AT TIME ZONE $1) - interval '1 month') AT TIME ZONE $1 AS "previousMonth"`,
      [tz],
    );
    return rows[0];
  }

  async topCodes(ownerId: string, limit = 5): Promise<{ codeId: string; name: string; scans: number }[]> {
    return this.db.query(
      `SELECT c.id AS "codeId", c.name, s.scans::int AS scans FROM qr.code_stats s JOIN qr.codes c ON c.id = s.code_id
       WHERE s.owner_id = $1 AND c.deleted_at IS NULL AND s.scans > 0 ORDER BY s.scans DESC, c.name LIMIT $2`,
      [ownerId, limit],
    );
  }

  /**
   * Latest human scans, creations and destination changes, newest first. The raw scans have no
   * index by owner: the newest scans are in the hours of the codes whose last scans are newest
   * (qr.scan_activity), at most one such hour per scan, so those hours are all that is read.
   */
  async recentActivity(ownerId: string, limit = 20): Promise<RecentActivity[]> {
    const rows: (Omit<RecentActivity, 'at'> & { at: Date })[] = await this.primary.query(
      `(SELECT s.scan_id::text AS id, s.code_id AS "codeId", c.name AS "codeName", 'scan' AS action, s.scanned_at AS at,
               s.country, s.city, s.device
        FROM (SELECT code_id, hour FROM qr.scan_activity WHERE owner_id = $1 ORDER BY last_scan_at DESC LIMIT $2) a
        JOIN qr.codes c ON c.id = a.code_id
        CROSS JOIN LATERAL (
          SELECT * FROM qr.scans s WHERE s.code_id = a.code_id AND s.scanned_at >= a.hour AND s.scanned_at < a.hour + interval '1 hour' AND NOT s.is_bot
          ORDER BY s.scanned_at DESC LIMIT $2
        ) s
        ORDER BY s.scanned_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'create-' || c.id, c.id, c.name, 'create', c.created_at, NULL, NULL, NULL
        FROM qr.codes c WHERE c.owner_id = $1 AND c.deleted_at IS NULL ORDER BY c.created_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'edit-' || c.id || '-' || extract(epoch FROM c.destination_updated_at)::bigint, c.id, c.name, 'edit',
               c.destination_updated_at, NULL, NULL, NULL
        FROM qr.codes c WHERE c.owner_id = $1 AND c.deleted_at IS NULL AND c.destination_updated_at IS NOT NULL
        ORDER BY c.destination_updated_at DESC LIMIT $2)
       ORDER BY at DESC LIMIT $2`,
      [ownerId, limit],
    );
    return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  }

  /**
   * Every stored scan of a code, newest first, read from a cursor as the stream is consumed (a
   * batch at a time, so memory stays flat whatever the count). The connection goes back to the pool
   * when the stream ends, fails or is destroyed (the caller went away).
   */
  async streamScans(codeId: string): Promise<Readable> {
    const { client, release } = await this.db.connect();
    const rows = client.query(
      new QueryStream(
        `SELECT scanned_at AS "scannedAt", is_bot AS "isBot", bot_reason AS "botReason", method, device, os, browser,
                country, region, city, referrer, language, visitor_hash AS "visitorHash", coalesce(source, 'scan') AS source
         FROM qr.scans WHERE code_id = $1 ORDER BY scanned_at DESC, scan_id DESC`,
        [codeId],
        { batchSize: CSV_BATCH_ROWS, highWaterMark: CSV_BATCH_ROWS },
      ),
    );
    rows.once('close', release);
    return rows;
  }
}
