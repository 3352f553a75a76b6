import { MigrationInterface, QueryRunner } from 'typeorm';

/** Billing mails sent once per occasion (a renewal reminder per subscription and period end). */
export class NoticesSent1797930000000 implements MigrationInterface {
  name = 'NoticesSent1797930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE billing.notices_sent (key text PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.notices_sent`);
  }
}
