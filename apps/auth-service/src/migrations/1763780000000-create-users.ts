import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763780000000 implements MigrationInterface {
  name = 'CreateUsers1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text,
        last_name text,
        profile_image_url text,
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin', 'superadmin')),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Case-insensitive uniqueness: "Alice" and "alice" are the same account.
    await q.query(`CREATE UNIQUE INDEX users_username_key ON auth.users (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON auth.users (lower(email))`);
    await q.query(`CREATE INDEX users_created_at_idx ON auth.users (created_at DESC)`);
    await q.query(`
      CREATE TABLE auth.password_reset_tokens (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_reset_tokens_user_idx ON auth.password_reset_tokens (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.password_reset_tokens`);
    await q.query(`DROP TABLE auth.users`);
  }
}
