/**
 * The statements that store a batch's rollups (ScansRepository, inside its transaction): the day's
 * first visits of each visitor, then every total, counter and dimension addition in one statement.
 */
import type { EntityManager } from 'typeorm';
import type { VisitorKey } from './known-visitors';
import { plainArray, textArray } from './pg-arrays';
import { BatchRollup, BucketRow, quarterHourOf, UniqueDelta } from './scan-rollups';

const iso = (ms: number) => new Date(ms).toISOString();

/** Visitor keys as the five arrays both statements unnest: day, scope, hash, first scan (ms), the owner scope's code. */
function visitorColumns(keys: VisitorKey[]): string[] {
  return [
    plainArray(keys.map((k) => k.day)),
    plainArray(keys.map((k) => k.scopeId)),
    textArray(keys.map((k) => k.hash)),
    plainArray(keys.map((k) => k.at)),
    plainArray(keys.map((k) => (k.scope === 'owner' ? k.codeId : null))),
  ];
}

/**
 * Unique scanners: each visitor (day-salted hash) counts once a day per code and per owner, at
 * their first scan of the day (once an hour per code counting per hour). New visitors are inserted; for known ones an earlier scan that
 * arrived late moves the count to its bucket.
 */
export async function firstVisits(tx: EntityManager, list: VisitorKey[]): Promise<UniqueDelta[]> {
  if (list.length === 0) return [];
  // Only the keys that were already there come back (their ordinal): usually few. Inserted in
  // key order, so two ingestors inserting the same visitors wait on each other instead of deadlocking.
  const known: { n: number }[] = await tx.query(
    `WITH i AS MATERIALIZED (
       SELECT day, scope_id, visitor_hash, to_timestamp(first_ms / 1000) AS first_at, code_id, n
       FROM unnest($1::date[], $2::uuid[], $3::text[], $4::float8[], $5::uuid[]) WITH ORDINALITY
         AS i(day, scope_id, visitor_hash, first_ms, code_id, n)
     ), ins AS (
       INSERT INTO qr.rollup_visitors (day, scope_id, visitor_hash, first_at, code_id)
       SELECT day, scope_id, visitor_hash, first_at, code_id FROM i ORDER BY day, scope_id, visitor_hash COLLATE "C"
       ON CONFLICT DO NOTHING
       RETURNING day, scope_id, visitor_hash
     )
     SELECT i.n::int AS n FROM i
     WHERE NOT EXISTS (SELECT 1 FROM ins WHERE ins.day = i.day AND ins.scope_id = i.scope_id AND ins.visitor_hash = i.visitor_hash)`,
    visitorColumns(list),
  );
  const isKnown = new Uint8Array(list.length);
  for (const { n } of known) isKnown[n - 1] = 1;
  const deltas: UniqueDelta[] = [];
  const seen: VisitorKey[] = [];
  for (let i = 0; i < list.length; i++) {
    const key = list[i];
    if (isKnown[i]) seen.push(key);
    else deltas.push({ scope: key.scope, scopeId: key.scopeId, codeId: key.codeId, bucket: quarterHourOf(key.at), delta: 1 });
  }
  if (seen.length === 0) return deltas;
  // Known visitors: only an earlier first scan changes anything (rare: scans arriving out of order).
  const moved: { scope_id: string; old_at: Date; old_code: string | null; new_at: Date; new_code: string | null }[] = await tx.query(
    `WITH input AS (
       SELECT day, scope_id, visitor_hash, to_timestamp(first_ms / 1000) AS first_at, code_id
       FROM unnest($1::date[], $2::uuid[], $3::text[], $4::float8[], $5::uuid[]) AS i(day, scope_id, visitor_hash, first_ms, code_id)
     ), old AS (
       SELECT v.day, v.scope_id, v.visitor_hash, v.first_at AS old_at, v.code_id AS old_code, i.first_at AS new_at, i.code_id AS new_code
       FROM qr.rollup_visitors v JOIN input i USING (day, scope_id, visitor_hash)
       WHERE i.first_at < v.first_at
       ORDER BY v.day, v.scope_id, v.visitor_hash
       FOR UPDATE OF v
     ), upd AS (
       UPDATE qr.rollup_visitors v SET first_at = o.new_at, code_id = o.new_code FROM old o
       WHERE v.day = o.day AND v.scope_id = o.scope_id AND v.visitor_hash = o.visitor_hash
     )
     SELECT scope_id, old_at, old_code, new_at, new_code FROM old`,
    visitorColumns(seen),
  );
  for (const row of moved) {
    const owner = row.new_code !== null;
    const scope = owner ? 'owner' : 'code';
    deltas.push({ scope, scopeId: row.scope_id, codeId: row.old_code ?? row.scope_id, bucket: quarterHourOf(row.old_at.getTime()), delta: -1 });
    deltas.push({ scope, scopeId: row.scope_id, codeId: row.new_code ?? row.scope_id, bucket: quarterHourOf(row.new_at.getTime()), delta: 1 });
  }
  return deltas;
}

/**
 * The batch's totals (per quarter hour and per hour), all-time counters, dimension counts and
 * Recent Activity's scans per code and hour in one statement. The dimension counts are inserted as additions to fold later: inserting small
 * rows costs far less than reading, merging and rewriting the large per-day and per-month
 * documents in every batch, and takes no lock another ingestor could wait on. They travel as
 * one JSON array (as a jsonb[] literal every document would be escaped twice).
 */
export async function writeRollup(tx: EntityManager, rollup: BatchRollup): Promise<void> {
  const { buckets, hours, dims, stats, activity } = rollup;
  const totals = (rows: BucketRow[], from: number) => [
    plainArray(rows.map((r) => r.scopeId)),
    plainArray(rows.map((r) => iso(r.bucket))),
    plainArray(rows.map((r) => r.scans)),
    plainArray(rows.map((r) => r.botScans)),
    plainArray(rows.map((r) => r.uniques)),
    plainArray(rows.map((r) => r.ownerUniques)),
  ].map((value, n) => [`$${from + n}`, value] as const);
  const upsert = (table: string, column: string, params: (readonly [string, string])[]) =>
    `INSERT INTO qr.${table} AS b (scope_id, ${column}, scans, bot_scans, uniques, owner_uniques)
     SELECT * FROM unnest(${params[0][0]}::uuid[], ${params[1][0]}::timestamptz[], ${params[2][0]}::int[], ${params[3][0]}::int[], ${params[4][0]}::int[], ${params[5][0]}::int[])
     ON CONFLICT (scope_id, ${column}) DO UPDATE SET
       scans = b.scans + EXCLUDED.scans, bot_scans = b.bot_scans + EXCLUDED.bot_scans,
       uniques = b.uniques + EXCLUDED.uniques, owner_uniques = b.owner_uniques + EXCLUDED.owner_uniques`;
  const quarter = totals(buckets, 1);
  const hourly = totals(hours, 7);
  const dimJson: unknown[] = [];
  for (const r of dims) dimJson.push([r.scopeId, r.level, iso(r.bucket), r.counts]);
  // Data-modifying CTEs on different tables: each runs once, to completion.
  await tx.query(
    `WITH q AS (${upsert('rollup_buckets', 'bucket', quarter)}),
          h AS (${upsert('rollup_hours', 'hour', hourly)}),
          d AS (
            INSERT INTO qr.rollup_dim_deltas (scope_id, level, bucket, counts)
            SELECT (e->>0)::uuid, (e->>1)::"char", (e->>2)::timestamptz, e->3 FROM jsonb_array_elements($13::jsonb) e
          ),
          a AS (
            INSERT INTO qr.scan_activity AS sa (code_id, owner_id, hour, scans, last_scan_at)
            SELECT * FROM unnest($19::uuid[], $20::uuid[], $21::timestamptz[], $22::int[], $23::timestamptz[])
            ON CONFLICT (code_id, hour) DO UPDATE SET
              scans = sa.scans + EXCLUDED.scans, last_scan_at = GREATEST(sa.last_scan_at, EXCLUDED.last_scan_at)
          )
     INSERT INTO qr.code_stats AS cs (code_id, owner_id, scans, bot_scans, last_scan_at)
     SELECT * FROM unnest($14::uuid[], $15::uuid[], $16::bigint[], $17::bigint[], $18::timestamptz[])
     ON CONFLICT (code_id) DO UPDATE SET
       scans = cs.scans + EXCLUDED.scans,
       bot_scans = cs.bot_scans + EXCLUDED.bot_scans,
       last_scan_at = GREATEST(cs.last_scan_at, EXCLUDED.last_scan_at)`,
    [
      ...quarter.map(([, value]) => value),
      ...hourly.map(([, value]) => value),
      JSON.stringify(dimJson),
      plainArray(stats.map((r) => r.codeId)),
      plainArray(stats.map((r) => r.ownerId)),
      plainArray(stats.map((r) => r.scans)),
      plainArray(stats.map((r) => r.botScans)),
      plainArray(stats.map((r) => (r.lastScanAt === null ? null : iso(r.lastScanAt)))),
      plainArray(activity.map((r) => r.codeId)),
      plainArray(activity.map((r) => r.ownerId)),
      plainArray(activity.map((r) => iso(r.hour))),
      plainArray(activity.map((r) => r.scans)),
      plainArray(activity.map((r) => iso(r.lastScanAt))),
    ],
  );
}
