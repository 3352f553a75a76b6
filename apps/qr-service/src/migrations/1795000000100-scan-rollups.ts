import { MigrationInterface, QueryRunner } from 'typeorm';
import { rollUpStoredScans } from '../scans/rollup-rebuild';
import { addMonths } from '../scans/scan-partitions';

/**
 * Scans at scale (DESIGN.md section 5):
 * - raw scans keyed by the scan's own id and partitioned by month (older months can be dropped
 *   whole, see scan-partitions.ts);
 * - rollups kept by the ingestor in the transaction that stores the scans: per scope (a code, an
 *   owner, or the whole site) and 15-minute UTC bucket (every time zone's hours and days begin on
 *   a quarter hour, so any local range adds up exactly), and counts per dimension per quarter hour
 *   and per UTC day;
 * - the day's first scan of each visitor per code and per owner, which makes unique scanners
 *   additive; kept only while the day can still receive scans.
 * Existing scans are moved and rolled up here; a scan from before scan ids gets md5(stream id) as
 * its id, as a redelivered old stream entry will (see decodeScanEntry).
 */
export class ScanRollups1795000000100 implements MigrationInterface {
  name = 'ScanRollups1795000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.scans RENAME TO scans_before_partitions`);
    await q.query(`ALTER INDEX qr.scans_code_time_idx RENAME TO scans_before_partitions_code_idx`);
    await q.query(`ALTER INDEX qr.scans_owner_time_idx RENAME TO scans_before_partitions_owner_idx`);
    await q.query(`ALTER INDEX qr.scans_time_idx RENAME TO scans_before_partitions_time_idx`);
    await q.query(`
      CREATE TABLE qr.scans (
        scan_id uuid NOT NULL,
        code_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        scanned_at timestamptz NOT NULL,
        is_bot boolean NOT NULL,
        bot_reason text,
        method text NOT NULL,
        device text,
        os text,
        browser text,
        country text,
        region text,
        city text,
        referrer text,
        language text,
        visitor_hash text NOT NULL,
        PRIMARY KEY (scan_id, scanned_at)
      ) PARTITION BY RANGE (scanned_at)`);
    await q.query(`CREATE INDEX scans_code_time_idx ON qr.scans (code_id, scanned_at)`);
    await q.query(`CREATE INDEX scans_owner_time_idx ON qr.scans (owner_id, scanned_at)`);

    // A partition for every month that has scans, and for the months around now.
    const months: { month: string }[] = await q.query(`
      SELECT DISTINCT to_char(m, 'YYYY-MM') AS month FROM (
        SELECT date_trunc('month', scanned_at AT TIME ZONE 'UTC') AS m FROM qr.scans_before_partitions
        UNION SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 month',
                                     date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months', interval '1 month')
      ) x`);
    for (const { month } of months) {
      await q.query(`CREATE TABLE qr.scans_${month.replace('-', '_')} PARTITION OF qr.scans
                     FOR VALUES FROM ('${month}-01 00:00:00+00') TO ('${addMonths(month, 1)}-01 00:00:00+00')`);
    }
    await q.query(`
      INSERT INTO qr.scans (scan_id, code_id, owner_id, scanned_at, is_bot, bot_reason, method, device, os, browser,
                            country, region, city, referrer, language, visitor_hash)
      SELECT md5(stream_id)::uuid, code_id, owner_id, scanned_at, is_bot, bot_reason, method, device, os, browser,
             country, region, city, referrer, language, visitor_hash
      FROM qr.scans_before_partitions`);
    await q.query(`DROP TABLE qr.scans_before_partitions`);

    // Scopes: a code's id, its owner's id, or the nil uuid for the whole site.
    await q.query(`
      CREATE TABLE qr.rollup_buckets (
        scope_id uuid NOT NULL,
        bucket timestamptz NOT NULL,
        scans integer NOT NULL DEFAULT 0,
        bot_scans integer NOT NULL DEFAULT 0,
        -- Visitors whose first scan of the (UTC) day, in this scope, fell in this bucket.
        uniques integer NOT NULL DEFAULT 0,
        -- On a code's rows: of those, the ones that were also the owner's first of the day
        -- (subtracted from the owner's rows when the code is deleted).
        owner_uniques integer NOT NULL DEFAULT 0,
        PRIMARY KEY (scope_id, bucket)
      )`);
    // Counts per dimension and key, one document per scope and bucket ({"countries": {"US": 3}, ...}):
    // a batch of scans adds to a few rows instead of one row per key.
    await q.query(`
      CREATE TABLE qr.rollup_dims (
        scope_id uuid NOT NULL,
        -- 'q': 15-minute bucket, 'd': UTC day, 'm': UTC month.
        level "char" NOT NULL,
        bucket timestamptz NOT NULL,
        counts jsonb NOT NULL,
        PRIMARY KEY (scope_id, level, bucket)
      )`);
    // a + factor * b, per dimension and key; keys whose total is 0 are left out.
    await q.query(`
      CREATE FUNCTION qr.add_counts(a jsonb, b jsonb, factor integer DEFAULT 1) RETURNS jsonb
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(jsonb_object_agg(dim, keys), '{}'::jsonb) FROM (
          SELECT dim, jsonb_object_agg(key, total) AS keys FROM (
            SELECT d.dim, k.key, sum(k.value::bigint * d.f) AS total
            FROM (SELECT key AS dim, value, 1 AS f FROM jsonb_each(a)
                  UNION ALL SELECT key, value, factor FROM jsonb_each(b)) d
            CROSS JOIN LATERAL jsonb_each_text(d.value) k
            GROUP BY 1, 2 HAVING sum(k.value::bigint * d.f) <> 0
          ) x GROUP BY dim
        ) y
      $$`);
    await q.query(`
      CREATE TABLE qr.rollup_visitors (
        day date NOT NULL,
        scope_id uuid NOT NULL,
        visitor_hash text NOT NULL,
        first_at timestamptz NOT NULL,
        -- For an owner scope: the code scanned first.
        code_id uuid,
        PRIMARY KEY (day, scope_id, visitor_hash)
      )`);

    // Rollups of the scans moved above, built as the ingestor would have built them.
    // (The hourly totals came later: their migration sums these.)
    await rollUpStoredScans((sql) => q.query(sql), { hours: false, sources: false });
  }

  async down(): Promise<void> {
    throw new Error('Scan rollups cannot be undone: restore a backup taken before this migration');
  }
}
