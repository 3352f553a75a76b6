import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1763790000000 implements MigrationInterface {
  name = 'CreateBilling1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.customers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider text NOT NULL CHECK (provider IN ('test', 'stripe')),
        provider_customer_id text NOT NULL,
        email text NOT NULL,
        user_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX customers_provider_id_key ON billing.customers (provider, provider_customer_id)`);
    // A user has one customer per provider; a signup customer has no user until the account exists.
    await q.query(
      `CREATE UNIQUE INDEX customers_user_key ON billing.customers (user_id, provider) WHERE user_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE billing.subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES billing.customers(id) ON DELETE CASCADE,
        provider text NOT NULL CHECK (provider IN ('test', 'stripe')),
        provider_subscription_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('incomplete', 'incomplete_expired', 'trialing', 'active',
          'past_due', 'canceled', 'unpaid', 'paused')),
        interval text NOT NULL CHECK (interval IN ('monthly', 'annual')),
        seats integer NOT NULL CHECK (seats >= 1),
        unit_amount_cents integer NOT NULL CHECK (unit_amount_cents >= 0),
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        card_brand text,
        card_last4 text,
        provider_created_at timestamptz NOT NULL,
        -- Unix seconds of the provider state held here: an event created before it is stale.
        state_at bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX subscriptions_provider_id_key ON billing.subscriptions (provider, provider_subscription_id)`,
    );
    await q.query(`CREATE INDEX subscriptions_customer_idx ON billing.subscriptions (customer_id)`);
    await q.query(`CREATE INDEX subscriptions_status_idx ON billing.subscriptions (status)`);

    // Provider webhooks (and our own at-least-once events) applied exactly once.
    await q.query(`
      CREATE TABLE billing.processed_events (
        provider text NOT NULL,
        event_id text NOT NULL,
        type text NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        PRIMARY KEY (provider, event_id)
      )`);

    // The test provider's offline card processor keeps Stripe-shaped objects here.
    await q.query(`
      CREATE TABLE billing.test_objects (
        id text PRIMARY KEY,
        type text NOT NULL,
        customer_id text,
        client_secret text UNIQUE,
        -- Unix seconds when the clock next has work on this object (renewal, retry, expiry).
        due_at bigint,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX test_objects_customer_idx ON billing.test_objects (customer_id, type)`);
    await q.query(`CREATE INDEX test_objects_due_idx ON billing.test_objects (due_at) WHERE due_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE billing.test_clock (
        id smallint PRIMARY KEY CHECK (id = 1),
        offset_seconds bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`INSERT INTO billing.test_clock (id, offset_seconds) VALUES (1, 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.test_clock`);
    await q.query(`DROP TABLE billing.test_objects`);
    await q.query(`DROP TABLE billing.processed_events`);
    await q.query(`DROP TABLE billing.subscriptions`);
    await q.query(`DROP TABLE billing.customers`);
  }
}
