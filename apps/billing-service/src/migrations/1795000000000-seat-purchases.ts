import { MigrationInterface, QueryRunner } from 'typeorm';

/** Seat purchases by idempotency key: a retried purchase answers what the first one did. */
export class SeatPurchases1795000000000 implements MigrationInterface {
  name = 'SeatPurchases1795000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.seat_purchases (
        user_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        result jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, idempotency_key)
      )`);
    await q.query(`CREATE INDEX seat_purchases_created_idx ON billing.seat_purchases (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.seat_purchases`);
  }
}
