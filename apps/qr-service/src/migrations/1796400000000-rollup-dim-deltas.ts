import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dimension counts are written by the ingestor as small additions (one per scope, level and
 * bucket of a batch) instead of by rewriting the large per-day and per-month documents in every
 * batch; a folder adds them into qr.rollup_dims a few at a time (see RollupFolder). Every read sums
 * both tables, so figures are exact whether an addition is folded yet or not.
 */
export class RollupDimDeltas1796400000000 implements MigrationInterface {
  name = 'RollupDimDeltas1796400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.rollup_dim_deltas (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        scope_id uuid NOT NULL,
        level "char" NOT NULL,
        bucket timestamptz NOT NULL,
        counts jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX rollup_dim_deltas_scope_idx ON qr.rollup_dim_deltas (scope_id, level, bucket)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO qr.rollup_dims AS d (scope_id, level, bucket, counts)
      SELECT scope_id, level, bucket, counts FROM qr.rollup_dim_deltas ORDER BY id
      ON CONFLICT (scope_id, level, bucket) DO UPDATE SET counts = qr.add_counts(d.counts, EXCLUDED.counts)`);
    await q.query(`DROP TABLE qr.rollup_dim_deltas`);
  }
}
