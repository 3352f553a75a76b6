import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workspaces and their members (docs/workspaces.md). Every account gets a personal workspace
 * whose id is the account's id, so every row the other services keep under an account's id is
 * already in its owner's personal workspace: nothing else is rewritten. A trigger gives each new
 * account its personal workspace in the transaction that creates the account, whoever creates
 * it; deleting the account deletes both.
 */
export class Workspaces18000000000000 implements MigrationInterface {
  name = 'Workspaces18000000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.workspaces (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
        personal_of uuid UNIQUE REFERENCES auth.users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`COMMENT ON COLUMN auth.workspaces.personal_of IS 'The account whose personal workspace this is (its id is the account''s id); null for a shared one'`);
    await q.query(`
      CREATE TABLE auth.workspace_members (
        workspace_id uuid NOT NULL REFERENCES auth.workspaces (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer', 'billing')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, user_id)
      )`);
    await q.query(`CREATE INDEX workspace_members_user_idx ON auth.workspace_members (user_id)`);
    // Invitations by mail: the link's token is stored hashed, used once, and expires.
    await q.query(`
      CREATE TABLE auth.workspace_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES auth.workspaces (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer', 'billing')),
        token_hash text NOT NULL UNIQUE,
        invited_by uuid REFERENCES auth.users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        last_sent_at timestamptz NOT NULL DEFAULT now(),
        accepted_at timestamptz,
        accepted_by uuid REFERENCES auth.users (id) ON DELETE SET NULL,
        revoked_at timestamptz
      )`);
    // One open invitation per address and workspace.
    await q.query(`
      CREATE UNIQUE INDEX workspace_invitations_open_key ON auth.workspace_invitations (workspace_id, lower(email))
      WHERE accepted_at IS NULL AND revoked_at IS NULL`);
    // Who did what in a workspace, for its admins. A person is kept by id only: the name comes from
    // the account while it exists, and nothing here names an account once it is deleted.
    await q.query(`
      CREATE TABLE auth.workspace_audit (
        id bigserial PRIMARY KEY,
        workspace_id uuid NOT NULL REFERENCES auth.workspaces (id) ON DELETE CASCADE,
        actor_id uuid REFERENCES auth.users (id) ON DELETE SET NULL,
        action text NOT NULL,
        target_user_id uuid REFERENCES auth.users (id) ON DELETE SET NULL,
        invitation_id uuid REFERENCES auth.workspace_invitations (id) ON DELETE SET NULL,
        details jsonb NOT NULL DEFAULT '{}',
        at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX workspace_audit_page_idx ON auth.workspace_audit (workspace_id, id DESC)`);
    await q.query(`
      CREATE FUNCTION auth.create_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO auth.workspaces (id, name, personal_of, created_at) VALUES (NEW.id, 'Personal', NEW.id, NEW.created_at);
        INSERT INTO auth.workspace_members (workspace_id, user_id, role, joined_at) VALUES (NEW.id, NEW.id, 'owner', NEW.created_at);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_personal_workspace AFTER INSERT ON auth.users
      FOR EACH ROW EXECUTE FUNCTION auth.create_personal_workspace()`);
    // The accounts that exist now: each one's personal workspace, as old as the account.
    await q.query(`INSERT INTO auth.workspaces (id, name, personal_of, created_at) SELECT id, 'Personal', id, created_at FROM auth.users`);
    await q.query(`INSERT INTO auth.workspace_members (workspace_id, user_id, role, joined_at) SELECT id, id, 'owner', created_at FROM auth.users`);
    // API keys belong to a workspace: those that exist, to their maker's personal one.
    await q.query(`ALTER TABLE auth.api_keys ADD COLUMN workspace_id uuid REFERENCES auth.workspaces (id) ON DELETE CASCADE`);
    await q.query(`UPDATE auth.api_keys SET workspace_id = user_id`);
    await q.query(`ALTER TABLE auth.api_keys ALTER COLUMN workspace_id SET NOT NULL`);
    await q.query(`CREATE INDEX api_keys_workspace_idx ON auth.api_keys (workspace_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.api_keys DROP COLUMN workspace_id`);
    await q.query(`DROP TRIGGER users_personal_workspace ON auth.users`);
    await q.query(`DROP FUNCTION auth.create_personal_workspace()`);
    await q.query(`DROP TABLE auth.workspace_audit`);
    await q.query(`DROP TABLE auth.workspace_invitations`);
    await q.query(`DROP TABLE auth.workspace_members`);
    await q.query(`DROP TABLE auth.workspaces`);
  }
}
