import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row counting the removals of stored visitors (a code or an account deleted): an ingestor
 * that remembers which visitors are stored forgets them when the count moves (known-visitors.ts).
 */
export class VisitorRemovals17996000000000 implements MigrationInterface {
  name = 'VisitorRemovals17996000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.visitor_removals (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        epoch bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`INSERT INTO qr.visitor_removals DEFAULT VALUES`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.visitor_removals`);
  }
}
