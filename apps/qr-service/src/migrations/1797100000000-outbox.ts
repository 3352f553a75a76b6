import { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxTableStatements } from '@qrd/messaging';

/**
 * Domain events written in the transaction of the change they describe, delivered after the commit
 * or by the relay (libs/messaging outbox.ts). Undelivered events are found by their next attempt.
 */
export class Outbox1797100000000 implements MigrationInterface {
  name = 'Outbox1797100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of outboxTableStatements('qr')) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.outbox`);
  }
}
