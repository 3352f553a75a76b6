import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A code's human scans in one UTC hour, as Recent Activity reads them. */
export interface ScanActivityRow {
  codeId: string;
  codeName: string;
  codeDeleted: boolean;
  scans: number;
  hour: Date;
  /** The last scan's time, ISO with microseconds (a cursor lands exactly on its row). */
  at: string;
}

/** qr.scan_activity (written by the scan ingestor with each batch), read a page at a time. */
@Injectable()
export class ScanActivityRepository {
  constructor(private readonly db: DataSource) {}

  /** The owner's groups after `after` (by last scan, newest first): limit + 1 rows, so the caller knows whether more follow. */
  async page(ownerId: string, request: { limit: number; after: { at: string; codeId: string } | null; codeId: string | null }): Promise<ScanActivityRow[]> {
    const values: unknown[] = [ownerId, request.limit + 1];
    const where = ['a.owner_id = $1'];
    if (request.codeId !== null) {
      values.push(request.codeId);
      where.push(`a.code_id = $${values.length}::uuid`);
    }
    if (request.after !== null) {
      values.push(request.after.at, request.after.codeId);
      where.push(`(a.last_scan_at, a.code_id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
    }
    const rows: (Omit<ScanActivityRow, 'hour'> & { hour: Date | string })[] = await this.db.query(
      `SELECT a.code_id AS "codeId", coalesce(c.name, '') AS "codeName", coalesce(c.deleted_at IS NOT NULL, true) AS "codeDeleted",
         a.scans, a.hour, to_char(a.last_scan_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
       FROM qr.scan_activity a LEFT JOIN qr.codes c ON c.id = a.code_id
       WHERE ${where.join(' AND ')} ORDER BY a.last_scan_at DESC, a.code_id DESC LIMIT $2`,
      values,
    );
    return rows.map((row) => ({ ...row, hour: new Date(row.hour) }));
  }
}
