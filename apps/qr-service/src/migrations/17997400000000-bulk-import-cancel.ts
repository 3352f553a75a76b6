import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imports of up to 100,000 rows: the owner may cancel one while its codes are being created (the
 * codes created stay, the rows left are not created), and the creation goes on from the last
 * committed batch after a restart, finding the rows still to create by this partial index.
 */
export class BulkImportCancel17997400000000 implements MigrationInterface {
  name = 'BulkImportCancel17997400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.bulk_imports DROP CONSTRAINT bulk_imports_state_check`);
    await q.query(`ALTER TABLE qr.bulk_imports ADD CONSTRAINT bulk_imports_state_check CHECK (state IN ('draft', 'queued', 'running', 'done', 'cancelled'))`);
    await q.query(
      `CREATE INDEX bulk_import_rows_pending_idx ON qr.bulk_import_rows (import_id, row_number) WHERE code_id IS NULL AND failure IS NULL AND errors = '{}'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX qr.bulk_import_rows_pending_idx`);
    await q.query(`UPDATE qr.bulk_imports SET state = 'done' WHERE state = 'cancelled'`);
    await q.query(`ALTER TABLE qr.bulk_imports DROP CONSTRAINT bulk_imports_state_check`);
    await q.query(`ALTER TABLE qr.bulk_imports ADD CONSTRAINT bulk_imports_state_check CHECK (state IN ('draft', 'queued', 'running', 'done'))`);
  }
}
