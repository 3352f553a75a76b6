import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change of a code, written in the transaction of the change: who (the owner, an admin or the
 * system; the owner's API key by name), when, its kind, and the changed fields before and after. Rows name their owner so an
 * erased account's history goes with it; the id orders them (newest first) and is the page cursor.
 */
export class CodeHistory17983000000000 implements MigrationInterface {
  name = 'CodeHistory17983000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.code_history (
        id bigserial PRIMARY KEY,
        code_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL,
        actor text NOT NULL CHECK (actor IN ('owner', 'admin', 'system')),
        api_key_name text,
        changes jsonb NOT NULL DEFAULT '[]'::jsonb
      )`);
    await q.query(`CREATE INDEX code_history_owner ON qr.code_history (owner_id, id DESC)`);
    await q.query(`CREATE INDEX code_history_code ON qr.code_history (code_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.code_history`);
  }
}
