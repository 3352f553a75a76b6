import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Design templates in CSV imports: a row may name one of the account's templates (its `template`
 * cell, as typed), and the confirmation chooses one for the rows that name none (null: the default
 * design). Kept as ids and names, not designs: each code is created from the template as it is then.
 */
export class BulkImportTemplates17995000000000 implements MigrationInterface {
  name = 'BulkImportTemplates17995000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.bulk_import_rows ADD COLUMN template text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE qr.bulk_imports ADD COLUMN design_template_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.bulk_imports DROP COLUMN design_template_id`);
    await q.query(`ALTER TABLE qr.bulk_import_rows DROP COLUMN template`);
  }
}
