import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A code's unique-visitor window (docs/conversions.md, "Unique visitors"): 'day' for every existing
 * code, as they were counted, so their figures stay what they were; 'hour' counts a visitor once per
 * UTC hour from when it is chosen. A constant default: no table rewrite.
 */
export class UniqueWindow18006000000500 implements MigrationInterface {
  name = 'UniqueWindow18006000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes ADD COLUMN unique_window text NOT NULL DEFAULT 'day' CHECK (unique_window IN ('hour', 'day'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes DROP COLUMN unique_window`);
  }
}
