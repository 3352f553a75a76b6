import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Visitor hashes are compared byte by byte: under the database's default collation every
 * comparison in the visitors' unique index went through the C library's collation, a large share
 * of the cost of inserting a batch's visitors. The table holds only the days that can still
 * receive scans, so rewriting it is quick.
 */
export class VisitorHashCollation17973000000100 implements MigrationInterface {
  name = 'VisitorHashCollation17973000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.rollup_visitors ALTER COLUMN visitor_hash TYPE text COLLATE "C"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.rollup_visitors ALTER COLUMN visitor_hash TYPE text COLLATE "default"`);
  }
}
