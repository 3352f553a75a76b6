import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateQr1763900000000 implements MigrationInterface {
  name = 'CreateQr1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // Three independent reasons keep a code from redirecting; each is lifted on its own, so a
    // subscription coming back does not re-activate a code its owner switched off.
    await q.query(`
      CREATE TABLE qr.codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL CHECK (slug ~ '^[0-9A-Za-z]{7}$'),
        owner_id uuid NOT NULL,
        name text NOT NULL,
        destination text NOT NULL,
        category text CHECK (category IN ('business', 'event', 'product', 'restaurant')),
        design jsonb NOT NULL DEFAULT '{}'::jsonb,
        deactivated_by_owner boolean NOT NULL DEFAULT false,
        suspended_billing boolean NOT NULL DEFAULT false,
        suspended_account boolean NOT NULL DEFAULT false,
        state text GENERATED ALWAYS AS (
          CASE WHEN suspended_billing OR suspended_account THEN 'suspended'
               WHEN deactivated_by_owner THEN 'deactivated'
               ELSE 'active' END
        ) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        destination_updated_at timestamptz,
        deleted_at timestamptz
      )`);
    // Deleted codes keep their slug for ever: a printed code must never lead to someone else's page.
    await q.query(`CREATE UNIQUE INDEX codes_slug_key ON qr.codes (slug)`);
    await q.query(`CREATE INDEX codes_owner_idx ON qr.codes (owner_id, created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX codes_created_idx ON qr.codes (created_at DESC) WHERE deleted_at IS NULL`);

    // What we last heard about each owner, so a code created afterwards starts in the right state.
    await q.query(`
      CREATE TABLE qr.owners (
        user_id uuid PRIMARY KEY,
        suspended_billing boolean NOT NULL DEFAULT false,
        suspended_account boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // One row per stream entry: the entry id is the key, so a redelivered entry is stored once.
    // No IP address: only the day-salted visitor hash and the looked-up place.
    await q.query(`
      CREATE TABLE qr.scans (
        stream_id text PRIMARY KEY,
        code_id uuid NOT NULL REFERENCES qr.codes(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL,
        scanned_at timestamptz NOT NULL,
        is_bot boolean NOT NULL,
        bot_reason text,
        method text NOT NULL,
        device text,
        os text,
        browser text,
        country text,
        region text,
        city text,
        referrer text,
        language text,
        visitor_hash text NOT NULL
      )`);
    await q.query(`CREATE INDEX scans_code_time_idx ON qr.scans (code_id, scanned_at)`);
    await q.query(`CREATE INDEX scans_owner_time_idx ON qr.scans (owner_id, scanned_at)`);
    await q.query(`CREATE INDEX scans_time_idx ON qr.scans (scanned_at)`);

    // All-time counters per code, updated in the same transaction as the scans they count.
    await q.query(`
      CREATE TABLE qr.code_stats (
        code_id uuid PRIMARY KEY REFERENCES qr.codes(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL,
        scans bigint NOT NULL DEFAULT 0,
        bot_scans bigint NOT NULL DEFAULT 0,
        last_scan_at timestamptz
      )`);
    await q.query(`CREATE INDEX code_stats_owner_idx ON qr.code_stats (owner_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.code_stats`);
    await q.query(`DROP TABLE qr.scans`);
    await q.query(`DROP TABLE qr.owners`);
    await q.query(`DROP TABLE qr.codes`);
  }
}
