import { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxTableStatements } from '@qrd/messaging';

/**
 * Account events (suspension, reactivation, sessions to end) written in the transaction of their
 * change, delivered after the commit or by the relay (libs/messaging outbox.ts).
 */
export class AuthOutbox1797100000000 implements MigrationInterface {
  name = 'AuthOutbox1797100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of outboxTableStatements('auth')) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.outbox`);
  }
}
