import { Dimension, DIMENSIONS, SITE_SCOPE } from './scan-rollups';

/**
 * Builds the rollups of every stored scan at once, in SQL, exactly as the ingestor would have
 * built them scan by scan: used when scans are moved in bulk (the migration that introduced
 * rollups) and by the analytics benchmark to seed millions of scans. Expects empty rollup tables.
 */
export async function rollUpStoredScans(
  run: (sql: string) => Promise<unknown>,
  options: { hours: boolean; sources?: boolean } = { hours: true },
): Promise<void> {
  await run(`
    CREATE TEMP TABLE firsts ON COMMIT DROP AS
    SELECT DISTINCT ON (code_id, day, visitor_hash) code_id, owner_id, day, visitor_hash, scanned_at
    FROM (SELECT *, (scanned_at AT TIME ZONE 'UTC')::date AS day FROM qr.scans WHERE NOT is_bot) s
    ORDER BY code_id, day, visitor_hash, scanned_at, scan_id`);
  await run(`
    CREATE TEMP TABLE owner_firsts ON COMMIT DROP AS
    SELECT DISTINCT ON (owner_id, day, visitor_hash) owner_id, code_id, day, visitor_hash, scanned_at
    FROM (SELECT *, (scanned_at AT TIME ZONE 'UTC')::date AS day FROM qr.scans WHERE NOT is_bot) s
    ORDER BY owner_id, day, visitor_hash, scanned_at, scan_id`);
  const q15 = (column: string) => `date_bin('15 minutes', ${column}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;
  // Counts per scope and bucket; uniques from the day's first scans.
  await run(`
    INSERT INTO qr.rollup_buckets (scope_id, bucket, scans, bot_scans, uniques, owner_uniques)
    SELECT scope_id, bucket, sum(scans), sum(bots), sum(uniques), sum(owner_uniques) FROM (
      SELECT code_id AS scope_id, ${q15('scanned_at')} AS bucket, count(*) FILTER (WHERE NOT is_bot) AS scans,
             count(*) FILTER (WHERE is_bot) AS bots, 0 AS uniques, 0 AS owner_uniques FROM qr.scans GROUP BY 1, 2
      UNION ALL
      SELECT owner_id, ${q15('scanned_at')}, count(*) FILTER (WHERE NOT is_bot), count(*) FILTER (WHERE is_bot), 0, 0
      FROM qr.scans GROUP BY 1, 2
      UNION ALL
      SELECT '${SITE_SCOPE}'::uuid, ${q15('scanned_at')}, count(*) FILTER (WHERE NOT is_bot),
             count(*) FILTER (WHERE is_bot), 0, 0 FROM qr.scans GROUP BY 1, 2
      UNION ALL
      SELECT code_id, ${q15('scanned_at')}, 0, 0, count(*), 0 FROM firsts GROUP BY 1, 2
      UNION ALL
      SELECT owner_id, ${q15('scanned_at')}, 0, 0, count(*), 0 FROM owner_firsts GROUP BY 1, 2
      UNION ALL
      SELECT code_id, ${q15('scanned_at')}, 0, 0, 0, count(*) FROM owner_firsts GROUP BY 1, 2
    ) x GROUP BY 1, 2`);
  if (options.hours) await run(`
    INSERT INTO qr.rollup_hours (scope_id, hour, scans, bot_scans, uniques, owner_uniques)
    SELECT scope_id, date_trunc('hour', bucket, 'UTC'), sum(scans), sum(bot_scans), sum(uniques), sum(owner_uniques)
    FROM qr.rollup_buckets GROUP BY 1, 2`);
  // Each scan's key in each dimension, as dimensionKey() gives it (NULL: not counted there).
  const keys: Record<Dimension, string> = {
    countries: `coalesce(s.country, '')`,
    regions: `coalesce(s.region, '')`,
    cities: `CASE WHEN s.city IS NULL THEN NULL ELSE coalesce(s.country, '') || '|' || s.city END`,
    devices: `coalesce(s.device, '')`,
    os: `coalesce(s.os, '')`,
    browsers: `coalesce(s.browser, '')`,
    referrers: `coalesce(s.referrer, '')`,
    languages: `coalesce(s.language, '')`,
    // Before the scans had a source (the migration that first built the rollups), every one was a scan.
    sources: options.sources === false ? `'scan'` : `coalesce(s.source, 'scan')`,
  };
  const unpivot = DIMENSIONS.map((dim) => `('${dim}', ${keys[dim]})`).join(', ');
  for (const scope of ['code_id', 'owner_id']) {
    for (const [level, bucket] of [
      ['q', q15('s.scanned_at')],
      ['d', `date_trunc('day', s.scanned_at, 'UTC')`],
      ['m', `date_trunc('month', s.scanned_at, 'UTC')`],
    ]) {
      await run(
        `INSERT INTO qr.rollup_dims (scope_id, level, bucket, counts)
         SELECT scope_id, '${level}', bucket, jsonb_object_agg(dim, keys) FROM (
           SELECT scope_id, bucket, dim, jsonb_object_agg(key, n) AS keys FROM (
             SELECT s.${scope} AS scope_id, ${bucket} AS bucket, d.dim, d.key, count(*) AS n
             FROM qr.scans s CROSS JOIN LATERAL (VALUES ${unpivot}) AS d(dim, key)
             WHERE NOT s.is_bot AND d.key IS NOT NULL GROUP BY 1, 2, 3, 4
           ) per_key GROUP BY 1, 2, 3
         ) per_dim GROUP BY scope_id, bucket`,
      );
    }
  }
  // Today's and yesterday's visitors, so scans still arriving for those days are deduplicated.
  await run(`
    INSERT INTO qr.rollup_visitors (day, scope_id, visitor_hash, first_at, code_id)
    SELECT day, code_id, visitor_hash, scanned_at, NULL FROM firsts WHERE day >= (now() AT TIME ZONE 'UTC')::date - 1
    UNION ALL
    SELECT day, owner_id, visitor_hash, scanned_at, code_id FROM owner_firsts WHERE day >= (now() AT TIME ZONE 'UTC')::date - 1`);
}
