import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Domain events written in the transaction of the change they describe, delivered after the commit
 * or by the relay (libs/messaging outbox.ts). Undelivered events are found by their next attempt.
 */
export class Outbox1797100000000 implements MigrationInterface {
  name = 'Outbox1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        delivered_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_undelivered_idx ON qr.outbox (next_attempt_at, id) WHERE delivered_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.outbox`);
  }
}
