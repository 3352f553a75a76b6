import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dimension documents are rewritten by every fold and read by every analytics answer: lz4
 * compresses and expands them several times faster than PostgreSQL's default (pglz). Only rows
 * written from now on change; a server built without lz4 keeps the default.
 */
export class DimensionCompression17996000000100 implements MigrationInterface {
  name = 'DimensionCompression17996000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DO $$
      BEGIN
        ALTER TABLE qr.rollup_dims ALTER COLUMN counts SET COMPRESSION lz4;
        ALTER TABLE qr.rollup_dim_deltas ALTER COLUMN counts SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported THEN
        RAISE NOTICE 'lz4 is not available: the dimension documents keep the default compression';
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE qr.rollup_dims ALTER COLUMN counts SET COMPRESSION default`);
    await q.query(`ALTER TABLE qr.rollup_dim_deltas ALTER COLUMN counts SET COMPRESSION default`);
  }
}
