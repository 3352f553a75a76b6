import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyticsReads } from '@qrd/database';
import type { UniqueWindow } from '@qrd/contracts';
import type { ScanWindow } from './analytics.repository';
import type { RuleCount } from './rule-figures';

export interface VariantCount {
  key: string;
  scans: number;
  uniqueScans: number;
}

/** A code's figures read straight from its raw scans of a short window (not from the rollups): the A/B split and the live chart. */
@Injectable()
export class CodeScanFiguresRepository {
  constructor(
    /** The split's and the rules' figures, read as the rest of the analytics are (the replica when there is one). */
    private readonly db: AnalyticsReads,
    /** The live chart's minutes: from the primary, so the minute just stored is in them. */
    private readonly primary: DataSource,
  ) {}

  /**
   * A/B split: human scans and unique visitors per variant in the window (campaign controls), a
   * visitor once per UTC hour or day as the code counts now (read from the raw scans, so the whole range by it).
   */
  async variants(codeId: string, window: Pick<ScanWindow, 'start' | 'end'>, unique: UniqueWindow = 'day'): Promise<VariantCount[]> {
    return this.db.query(
      `SELECT variant AS key, count(*)::int AS scans, count(DISTINCT (date_trunc($4, scanned_at, 'UTC'), visitor_hash))::int AS "uniqueScans"
       FROM qr.scans WHERE code_id = $1 AND scanned_at >= $2 AND scanned_at < $3 AND NOT is_bot AND variant IS NOT NULL
       GROUP BY variant ORDER BY variant`,
      [codeId, window.start, window.end, unique],
    );
  }

  /** Routing rules: human scans and unique visitors per rule that sent them in the window, counted as `variants` counts. */
  async rules(codeId: string, window: Pick<ScanWindow, 'start' | 'end'>, unique: UniqueWindow = 'day'): Promise<RuleCount[]> {
    return this.db.query(
      `SELECT rule, count(*)::int AS scans, count(DISTINCT (date_trunc($4, scanned_at, 'UTC'), visitor_hash))::int AS "uniqueScans"
       FROM qr.scans WHERE code_id = $1 AND scanned_at >= $2 AND scanned_at < $3 AND NOT is_bot AND rule IS NOT NULL
       GROUP BY rule ORDER BY rule`,
      [codeId, window.start, window.end, unique],
    );
  }

  /** Human scans of the code per minute in [start, end) (the partitions of those minutes only): minute start (ms) -> scans. */
  async minuteCounts(codeId: string, start: Date, end: Date): Promise<Map<number, number>> {
    const rows: { minute: Date; scans: number }[] = await this.primary.query(
      `SELECT date_trunc('minute', scanned_at) AS minute, count(*)::int AS scans FROM qr.scans
       WHERE code_id = $1 AND scanned_at >= $2 AND scanned_at < $3 AND NOT is_bot GROUP BY 1`,
      [codeId, start, end],
    );
    return new Map(rows.map((row) => [row.minute.getTime(), row.scans]));
  }
}
