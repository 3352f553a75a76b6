import { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxTableStatements } from '@qrd/messaging';

/** billing.outbox: `subscription.changed` recorded with the change, delivered after the commit or by the relay. */
export class Outbox1797600000000 implements MigrationInterface {
  name = 'Outbox1797600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of outboxTableStatements('billing')) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.outbox`);
  }
}
