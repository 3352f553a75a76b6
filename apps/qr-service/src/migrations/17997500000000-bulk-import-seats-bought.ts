import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a confirmed import's seat purchase was made. Between its hold and its purchase an import's
 * rows count as in use while the seats that will cover them are not bought yet: another import's
 * batch that finds too few seats then waits for that purchase instead of failing its rows.
 * Imports confirmed before this column existed had their purchase made at confirmation.
 */
export class BulkImportSeatsBought17997500000000 implements MigrationInterface {
  name = 'BulkImportSeatsBought17997500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.bulk_imports ADD COLUMN seats_bought_at timestamptz`);
    await q.query(`UPDATE qr.bulk_imports SET seats_bought_at = coalesce(confirmed_at, created_at) WHERE state <> 'draft'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.bulk_imports DROP COLUMN seats_bought_at`);
  }
}
