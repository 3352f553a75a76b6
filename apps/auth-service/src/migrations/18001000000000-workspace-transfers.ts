import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offers of ownership waiting for the new owner's answer (one per workspace), and the reference
 * that lets another service's entry in the audit log be recorded once however often it is delivered.
 */
export class WorkspaceTransfers18001000000000 implements MigrationInterface {
  name = 'WorkspaceTransfers18001000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.workspace_transfers (
        workspace_id uuid PRIMARY KEY REFERENCES auth.workspaces (id) ON DELETE CASCADE,
        from_user uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
        to_user uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX workspace_transfers_to_idx ON auth.workspace_transfers (to_user)`);
    await q.query(`ALTER TABLE auth.workspace_audit ADD COLUMN source_ref text`);
    await q.query(`CREATE UNIQUE INDEX workspace_audit_source_ref_key ON auth.workspace_audit (source_ref) WHERE source_ref IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX auth.workspace_audit_source_ref_key`);
    await q.query(`ALTER TABLE auth.workspace_audit DROP COLUMN source_ref`);
    await q.query(`DROP TABLE auth.workspace_transfers`);
  }
}
