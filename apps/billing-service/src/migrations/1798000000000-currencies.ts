import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prices in the customer's currency (docs/currencies.md): each subscription is billed in one
 * currency; a customer's currency is fixed by its first payment (null until then) and the language
 * its invoices are written in is kept beside it. Everything that existed before was in US dollars.
 */
export class Currencies1798000000000 implements MigrationInterface {
  name = 'Currencies1798000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.subscriptions ADD COLUMN currency text NOT NULL DEFAULT 'usd'`);
    await q.query(`ALTER TABLE billing.customers ADD COLUMN currency text NULL`);
    await q.query(`ALTER TABLE billing.customers ADD COLUMN language text NULL`);
    await q.query(`
      UPDATE billing.customers c SET currency = 'usd'
      WHERE EXISTS (
        SELECT 1 FROM billing.subscriptions s
        WHERE s.customer_id = c.id AND s.status NOT IN ('incomplete', 'incomplete_expired')
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.customers DROP COLUMN language`);
    await q.query(`ALTER TABLE billing.customers DROP COLUMN currency`);
    await q.query(`ALTER TABLE billing.subscriptions DROP COLUMN currency`);
  }
}
