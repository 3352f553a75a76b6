import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ScanWindow } from './analytics.repository';

export interface VariantCount {
  key: string;
  scans: number;
  uniqueScans: number;
}

/** A code's figures read straight from its raw scans of a short window (not from the rollups): the A/B split and the live chart. */
@Injectable()
export class CodeScanFiguresRepository {
  constructor(private readonly db: DataSource) {}

  /** A/B split: human scans and unique visitors per variant in the window (campaign controls). */
  async variants(codeId: string, window: Pick<ScanWindow, 'start' | 'end'>): Promise<VariantCount[]> {
    return this.db.query(
      `SELECT variant AS key, count(*)::int AS scans, count(DISTINCT (scanned_at::date, visitor_hash))::int AS "uniqueScans"
       FROM qr.scans WHERE code_id = $1 AND scanned_at >= $2 AND scanned_at < $3 AND NOT is_bot AND variant IS NOT NULL
       GROUP BY variant ORDER BY variant`,
      [codeId, window.start, window.end],
    );
  }

  /** Human scans of the code per minute in [start, end) (the partitions of those minutes only): minute start (ms) -> scans. */
  async minuteCounts(codeId: string, start: Date, end: Date): Promise<Map<number, number>> {
    const rows: { minute: Date; scans: number }[] = await this.db.query(
      `SELECT date_trunc('minute', scanned_at) AS minute, count(*)::int AS scans FROM qr.scans
       WHERE code_id = $1 AND scanned_at >= $2 AND scanned_at < $3 AND NOT is_bot GROUP BY 1`,
      [codeId, start, end],
    );
    return new Map(rows.map((row) => [row.minute.getTime(), row.scans]));
  }
}
