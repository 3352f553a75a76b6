import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk create from CSV: an import is a draft (its rows as typed, each with its errors) until the
 * owner confirms it; then its valid rows are created in the background. A row remembers the code
 * it became, in the same transaction as the code's insert, so a retried job never creates it twice.
 */
export class BulkImports17994000000000 implements MigrationInterface {
  name = 'BulkImports17994000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.bulk_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'queued', 'running', 'done')),
        confirm_key text,
        total integer NOT NULL DEFAULT 0,
        seats_bought integer NOT NULL DEFAULT 0,
        amount_charged_cents integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        confirmed_at timestamptz,
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX bulk_imports_owner_idx ON qr.bulk_imports (owner_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE qr.bulk_import_rows (
        import_id uuid NOT NULL REFERENCES qr.bulk_imports (id) ON DELETE CASCADE,
        row_number integer NOT NULL,
        name text NOT NULL,
        destination text NOT NULL,
        category text NOT NULL,
        tags text NOT NULL,
        slug text NOT NULL,
        errors jsonb NOT NULL DEFAULT '{}',
        code_id uuid,
        failure text,
        PRIMARY KEY (import_id, row_number)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.bulk_import_rows`);
    await q.query(`DROP TABLE qr.bulk_imports`);
  }
}
