import { MigrationInterface, QueryRunner } from 'typeorm';

/** A switch of billing interval waiting for the period end, as the provider holds it. */
export class PendingInterval1797910000000 implements MigrationInterface {
  name = 'PendingInterval1797910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.subscriptions ADD COLUMN pending_interval text NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.subscriptions DROP COLUMN pending_interval`);
  }
}
