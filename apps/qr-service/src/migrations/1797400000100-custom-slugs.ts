import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom slugs (4-32 of A-Z a-z 0-9 - _) beside the generated ones, and the look-alike form of
 * every slug (case, 0/o, 1/l/i, - and _ ignored; slugLookalikeKey in the contracts) so a custom slug
 * reading like another owner's is refused.
 */
export class CustomSlugs1797400000100 implements MigrationInterface {
  name = 'CustomSlugs1797400000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes DROP CONSTRAINT codes_slug_check`);
    await q.query(`ALTER TABLE qr.codes ADD CONSTRAINT codes_slug_check CHECK (slug ~ '^[0-9A-Za-z_-]{4,32}$')`);
    await q.query(`ALTER TABLE qr.codes ADD COLUMN slug_key text GENERATED ALWAYS AS (translate(lower(slug), '01i-_', 'oll')) STORED`);
    await q.query(`CREATE INDEX codes_slug_key_idx ON qr.codes (slug_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.codes DROP COLUMN slug_key`);
    await q.query(`ALTER TABLE qr.codes DROP CONSTRAINT codes_slug_check`);
    await q.query(`ALTER TABLE qr.codes ADD CONSTRAINT codes_slug_check CHECK (slug ~ '^[0-9A-Za-z]{7}$')`);
  }
}
