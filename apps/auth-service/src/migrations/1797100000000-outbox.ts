import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account events (suspension, reactivation, sessions to end) written in the transaction of their
 * change, delivered after the commit or by the relay (libs/messaging outbox.ts).
 */
export class AuthOutbox1797100000000 implements MigrationInterface {
  name = 'AuthOutbox1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        delivered_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_undelivered_idx ON auth.outbox (next_attempt_at, id) WHERE delivered_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.outbox`);
  }
}
