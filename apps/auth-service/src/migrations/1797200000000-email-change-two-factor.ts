import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A new email address waits for its confirmation link (only the link's SHA-256 is stored), and
 * two-factor sign-in: the authenticator secret encrypted (a pending one during enrolment), the
 * last time step used (a code works once), and hashed single-use recovery codes.
 */
export class EmailChangeTwoFactor1797200000000 implements MigrationInterface {
  name = 'EmailChangeTwoFactor1797200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE auth.users
        ADD COLUMN pending_email text,
        ADD COLUMN pending_email_token_hash text,
        ADD COLUMN pending_email_expires_at timestamptz,
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_pending_secret text,
        ADD COLUMN totp_enabled_at timestamptz,
        ADD COLUMN totp_last_step bigint`);
    await q.query(
      `CREATE UNIQUE INDEX users_pending_email_token_key ON auth.users (pending_email_token_hash) WHERE pending_email_token_hash IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE auth.recovery_codes (
        user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, code_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.recovery_codes`);
    await q.query(`DROP INDEX auth.users_pending_email_token_key`);
    await q.query(`
      ALTER TABLE auth.users
        DROP COLUMN pending_email, DROP COLUMN pending_email_token_hash, DROP COLUMN pending_email_expires_at,
        DROP COLUMN totp_secret, DROP COLUMN totp_pending_secret, DROP COLUMN totp_enabled_at, DROP COLUMN totp_last_step`);
  }
}
