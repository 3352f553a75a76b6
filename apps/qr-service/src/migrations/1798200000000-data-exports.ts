import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Export my data": one row per requested export. The ZIP itself lives in the export storage
 * (file_key); the row says how far the build got and until when the file may be downloaded.
 */
export class DataExports1798200000000 implements MigrationInterface {
  name = 'DataExports1798200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.data_exports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed')),
        progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        file_key text,
        size_bytes bigint,
        codes integer,
        scans bigint,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        expires_at timestamptz
      )`);
    await q.query(`CREATE INDEX data_exports_owner_idx ON qr.data_exports (owner_id, created_at DESC)`);
    // One build at a time per account: a second click joins the running one.
    await q.query(`CREATE UNIQUE INDEX data_exports_one_building_key ON qr.data_exports (owner_id) WHERE status IN ('queued', 'running')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.data_exports`);
  }
}
