import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a visit came (docs/conversions.md, "Scans and clicks"): 'click' for the shareable link
 * (/l/{slug}); NULL for a scan of the printed code, as every scan stored before is.
 */
export class ScanSource18004000000000 implements MigrationInterface {
  name = 'ScanSource18004000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.scans ADD COLUMN source text CHECK (source = 'click')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.scans DROP COLUMN source`);
  }
}
