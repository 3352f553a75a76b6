import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom short domains (docs/custom-domains.md). A workspace's domain is pending until its TXT
 * record is seen; a hostname may be added by several workspaces but verified (claimed) by one.
 * Codes choose a domain (domain_id; null: the default host) and slugs are unique per domain: the
 * default host keeps its namespace, so every existing code keeps its slug and redirect.
 */
export class CustomDomains18002000000000 implements MigrationInterface {
  name = 'CustomDomains18002000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.domains (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL,
        hostname text NOT NULL CHECK (length(hostname) BETWEEN 1 AND 253),
        token text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'verified', 'misconfigured', 'disabled')),
        reason text,
        disabled_by_admin boolean NOT NULL DEFAULT false,
        last_checked_at timestamptz,
        verified_at timestamptz,
        misconfigured_since timestamptz,
        disabled_at timestamptz,
        root_redirect text,
        not_found_redirect text,
        expired_redirect text,
        hsts boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX domains_workspace_hostname_key ON qr.domains (workspace_id, hostname)`);
    await q.query(`CREATE UNIQUE INDEX domains_claimed_hostname_key ON qr.domains (hostname) WHERE state IN ('verified', 'misconfigured')`);
    await q.query(`CREATE INDEX domains_hostname_idx ON qr.domains (hostname)`);
    await q.query(`ALTER TABLE qr.codes ADD COLUMN domain_id uuid`);
    // Moving a code that was scanned or downloaded to another domain breaks its prints: asked first.
    await q.query(`ALTER TABLE qr.codes ADD COLUMN downloaded_at timestamptz`);
    // Bulk imports name a row's domain in a column of their own (empty: the default host).
    await q.query(`ALTER TABLE qr.bulk_import_rows ADD COLUMN domain text NOT NULL DEFAULT ''`);
    await q.query(`DROP INDEX qr.codes_slug_key`);
    await q.query(`CREATE UNIQUE INDEX codes_slug_key ON qr.codes (slug) WHERE domain_id IS NULL`);
    await q.query(`CREATE UNIQUE INDEX codes_domain_slug_key ON qr.codes (domain_id, slug) WHERE domain_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM qr.codes WHERE domain_id IS NOT NULL`);
    await q.query(`DROP INDEX qr.codes_domain_slug_key`);
    await q.query(`DROP INDEX qr.codes_slug_key`);
    await q.query(`CREATE UNIQUE INDEX codes_slug_key ON qr.codes (slug)`);
    await q.query(`ALTER TABLE qr.codes DROP COLUMN domain_id, DROP COLUMN downloaded_at`);
    await q.query(`ALTER TABLE qr.bulk_import_rows DROP COLUMN domain`);
    await q.query(`DROP TABLE qr.domains`);
  }
}
