import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Content codes: a code may hold a page we host (contact card, link list, file, Wi-Fi) in
 * `content`; its destination is then our own /p/{slug}, so scans take the usual redirect path.
 * Uploaded files are described here and kept in the content storage (local disk or S3) under
 * `storage_key`; a row names its owner so an erased account's files go with it.
 */
export class ContentCodes17992000000000 implements MigrationInterface {
  name = 'ContentCodes17992000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes ADD COLUMN content jsonb`);
    await q.query(`
      CREATE TABLE qr.content_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        storage_key text NOT NULL UNIQUE,
        file_name text NOT NULL,
        content_type text NOT NULL,
        size_bytes integer NOT NULL CHECK (size_bytes > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX content_files_owner ON qr.content_files (owner_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.content_files`);
    await q.query(`ALTER TABLE qr.codes DROP COLUMN content`);
  }
}
