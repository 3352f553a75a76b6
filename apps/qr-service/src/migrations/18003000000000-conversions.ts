import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversions (docs/conversions.md): leads and sales reported against the scan that brought the
 * visitor. One row per (workspace, kind, external id): the same sale sent again is counted once.
 * The scan's code, time and A/B variant are copied in, so analytics never join the raw scans.
 */
export class Conversions18003000000000 implements MigrationInterface {
  name = 'Conversions18003000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.conversions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        code_id uuid NOT NULL,
        scan_id uuid NOT NULL,
        scanned_at timestamptz NOT NULL,
        variant text,
        kind text NOT NULL CHECK (kind IN ('lead', 'sale')),
        external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
        amount_minor bigint CHECK (amount_minor >= 0),
        currency text CHECK (currency ~ '^[A-Z]{3}$'),
        source text NOT NULL CHECK (source IN ('api', 'stripe')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'sale') = (amount_minor IS NOT NULL AND currency IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX conversions_external_key ON qr.conversions (owner_id, kind, external_id)`);
    await q.query(`CREATE INDEX conversions_code_scanned_idx ON qr.conversions (code_id, scanned_at)`);
    await q.query(`
      CREATE TABLE qr.conversion_settings (
        owner_id uuid PRIMARY KEY,
        stripe_webhook_secret text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.conversion_settings`);
    await q.query(`DROP TABLE qr.conversions`);
  }
}
