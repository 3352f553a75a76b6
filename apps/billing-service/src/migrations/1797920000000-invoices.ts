import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Our invoices: one per paid provider invoice (unique by provider id, so recording twice keeps
 * one), numbered without gaps per year, with the seller and buyer as they were when issued.
 */
export class Invoices1797920000000 implements MigrationInterface {
  name = 'Invoices1797920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.billing_details (
        user_id uuid PRIMARY KEY,
        details jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE billing.invoice_counters (
        year integer PRIMARY KEY,
        last integer NOT NULL
      )`);
    await q.query(`
      CREATE TABLE billing.invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number text NOT NULL UNIQUE,
        customer_id uuid NOT NULL REFERENCES billing.customers (id),
        user_id uuid NULL,
        provider text NOT NULL,
        provider_invoice_id text NOT NULL,
        provider_subscription_id text NOT NULL,
        reason text NOT NULL,
        issued_at timestamptz NOT NULL,
        total_cents integer NOT NULL,
        document jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, provider_invoice_id)
      )`);
    await q.query(`CREATE INDEX invoices_user_idx ON billing.invoices (user_id, issued_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.invoices`);
    await q.query(`DROP TABLE billing.invoice_counters`);
    await q.query(`DROP TABLE billing.billing_details`);
  }
}
