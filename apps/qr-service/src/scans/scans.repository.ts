import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EnrichedScan } from './scan-enricher';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Writes scans and their all-time counters together: one statement, one transaction. */
@Injectable()
export class ScansRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores a batch; entries already stored (a redelivery) and scans of unknown codes are skipped.
   * The counters only grow by the rows really inserted, so a redelivered batch counts nothing twice.
   * Returns how many scans were new.
   */
  async insertBatch(scans: EnrichedScan[]): Promise<number> {
    const unique = new Map<string, EnrichedScan>();
    for (const scan of scans) if (UUID.test(scan.codeId)) unique.set(scan.streamId, scan);
    if (unique.size === 0) return 0;
    const rows = [...unique.values()].map((s) => ({
      stream_id: s.streamId,
      code_id: s.codeId,
      scanned_at: s.scannedAt.toISOString(),
      is_bot: s.isBot,
      bot_reason: s.botReason,
      method: s.method,
      device: s.device,
      os: s.os,
      browser: s.browser,
      country: s.country,
      region: s.region,
      city: s.city,
      referrer: s.referrer,
      language: s.language,
      visitor_hash: s.visitorHash,
    }));
    const result: { inserted: number }[] = await this.db.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
           stream_id text, code_id uuid, scanned_at timestamptz, is_bot boolean, bot_reason text, method text,
           device text, os text, browser text, country text, region text, city text, referrer text, language text,
           visitor_hash text)
       ), ins AS (
         INSERT INTO qr.scans (stream_id, code_id, owner_id, scanned_at, is_bot, bot_reason, method, device, os, browser,
                               country, region, city, referrer, language, visitor_hash)
         SELECT i.stream_id, i.code_id, c.owner_id, i.scanned_at, i.is_bot, i.bot_reason, i.method, i.device, i.os, i.browser,
                i.country, i.region, i.city, i.referrer, i.language, i.visitor_hash
         FROM input i JOIN qr.codes c ON c.id = i.code_id AND c.deleted_at IS NULL
         ON CONFLICT (stream_id) DO NOTHING
         RETURNING code_id, owner_id, is_bot, scanned_at
       ), counted AS (
         -- In code id order, so two ingestors updating the same counters lock them in the same order.
         INSERT INTO qr.code_stats AS cs (code_id, owner_id, scans, bot_scans, last_scan_at)
         SELECT code_id, owner_id, count(*) FILTER (WHERE NOT is_bot), count(*) FILTER (WHERE is_bot),
                max(scanned_at) FILTER (WHERE NOT is_bot)
         FROM ins GROUP BY code_id, owner_id ORDER BY code_id
         ON CONFLICT (code_id) DO UPDATE SET
           scans = cs.scans + EXCLUDED.scans,
           bot_scans = cs.bot_scans + EXCLUDED.bot_scans,
           last_scan_at = GREATEST(cs.last_scan_at, EXCLUDED.last_scan_at)
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM counted)::int AS codes`,
      [JSON.stringify(rows)],
    );
    return result[0].inserted;
  }
}
