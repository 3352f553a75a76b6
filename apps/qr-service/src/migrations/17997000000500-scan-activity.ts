import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's Recent Activity lists scans beside the changes: human scans per code and UTC
 * hour, with the time of the last one, kept by the ingestor in the transaction that stores the
 * scans (one upsert per batch, like the rollups) and read newest first per owner. The last 30 days
 * of stored scans are counted in now.
 */
export class ScanActivity17997000000500 implements MigrationInterface {
  name = 'ScanActivity17997000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.scan_activity (
        code_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        scans integer NOT NULL,
        last_scan_at timestamptz NOT NULL,
        PRIMARY KEY (code_id, hour)
      )`);
    await q.query(`CREATE INDEX scan_activity_owner_idx ON qr.scan_activity (owner_id, last_scan_at DESC, code_id DESC)`);
    await q.query(`
      INSERT INTO qr.scan_activity (code_id, owner_id, hour, scans, last_scan_at)
      SELECT code_id, owner_id, date_trunc('hour', scanned_at, 'UTC'), count(*), max(scanned_at)
      FROM qr.scans WHERE NOT is_bot AND scanned_at > now() - interval '30 days'
      GROUP BY 1, 2, 3`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.scan_activity`);
  }
}
