import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks: an account's endpoints (secret sealed), the events they are sent (kept for
 * resends), every delivery attempt, and scans waiting for their next scan.created batch.
 */
export class Webhooks1797700000000 implements MigrationInterface {
  name = 'Webhooks1797700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        url text NOT NULL,
        events text[] NOT NULL,
        secret_sealed text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text,
        consecutive_failures integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_endpoints_owner_idx ON qr.webhook_endpoints (owner_id)`);
    await q.query(`
      CREATE TABLE qr.webhook_events (
        id text PRIMARY KEY,
        owner_id uuid NOT NULL,
        type text NOT NULL,
        body jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_events_created_idx ON qr.webhook_events (created_at)`);
    await q.query(`
      CREATE TABLE qr.webhook_deliveries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES qr.webhook_endpoints (id) ON DELETE CASCADE,
        event_id text NOT NULL,
        event_type text NOT NULL,
        attempt integer NOT NULL,
        outcome text NOT NULL,
        status_code integer,
        latency_ms integer,
        response_excerpt text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON qr.webhook_deliveries (endpoint_id, id DESC)`);
    await q.query(`
      CREATE TABLE qr.webhook_scan_queue (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_id uuid NOT NULL,
        scan jsonb NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.webhook_scan_queue, qr.webhook_deliveries, qr.webhook_events, qr.webhook_endpoints`);
  }
}
