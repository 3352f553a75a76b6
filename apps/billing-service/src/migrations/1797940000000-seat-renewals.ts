import { MigrationInterface, QueryRunner } from 'typeorm';

/** Renewals whose unused seats are not dropped yet are found without reading every stored event. */
export class SeatRenewals1797940000000 implements MigrationInterface {
  name = 'SeatRenewals1797940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX processed_events_unsettled_idx ON billing.processed_events (type, received_at) WHERE processed_at IS NULL AND provider = 'internal'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX billing.processed_events_unsettled_idx`);
  }
}
