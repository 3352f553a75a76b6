import { MigrationInterface, QueryRunner } from 'typeorm';

/** Keys of the public API: only the SHA-256 of a key is stored, with its visible prefix. */
export class ApiKeys1797500000000 implements MigrationInterface {
  name = 'ApiKeys1797500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
        name text NOT NULL,
        scope text NOT NULL CHECK (scope IN ('read', 'write')),
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        revoked_at timestamptz,
        last_used_at timestamptz,
        last_used_ip text
      )`);
    await q.query(`CREATE INDEX api_keys_user_idx ON auth.api_keys (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.api_keys`);
  }
}
