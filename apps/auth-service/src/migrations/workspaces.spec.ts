import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@qrd/testing';
import { Workspaces18000000000000 } from './18000000000000-workspaces';
import { WorkspaceTransfers18001000000000 } from './18001000000000-workspace-transfers';

/**
 * The workspaces migration on a database that already holds accounts and their rows: a clone of
 * the migrated template taken back to before it, filled, then migrated again.
 */
describe(Workspaces18000000000000.name, () => {
  let db: TestDatabase;
  let client: Client;
  const migration = new Workspaces18000000000000();
  /** The migrations after it, undone first (they build on its tables) and done again after it. */
  const later = [new WorkspaceTransfers18001000000000()];
  // The migration's own statements, on this test's connection.
  const runner = { query: (sql: string, params?: unknown[]) => client.query(sql, params).then((r) => r.rows) } as unknown as QueryRunner;

  /** Every table of every service's schema, each as a hash of its rows (without the column the migration adds), apart from the migration's own tables. */
  async function everyTable(): Promise<Record<string, string>> {
    const tables = await client.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
        WHERE table_schema IN ('auth', 'qr', 'billing') AND table_type = 'BASE TABLE'
          AND table_name NOT IN ('workspaces', 'workspace_members', 'workspace_invitations', 'workspace_audit', 'migrations') ORDER BY 1`,
    );
    const hashes: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: number; h: string | null }>(`SELECT count(*)::int AS n, md5(string_agg((to_jsonb(t) - 'workspace_id')::text, ',' ORDER BY (to_jsonb(t) - 'workspace_id')::text)) AS h FROM ${name} t`);
      hashes[name] = `${rows[0].n}:${rows[0].h ?? ''}`;
    }
    return hashes;
  }

  async function addUser(username: string, createdAt: string): Promise<string> {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO auth.users (username, email, password_hash, created_at) VALUES ($1, $1 || '@example.com', 'x', $2) RETURNING id`,
      [username, createdAt],
    );
    return rows[0].id;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
    for (const step of [...later].reverse()) await step.down(runner);
    await migration.down(runner);
  });

  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it("moves every account's rows into its personal workspace and changes no row", async () => {
    const alice = await addUser('alice', '2026-01-02T03:04:05Z');
    const bob = await addUser('bob', '2026-02-03T04:05:06Z');
    await client.query(`UPDATE auth.users SET role = 'admin' WHERE id = $1`, [bob]);
    await client.query(
      `INSERT INTO auth.api_keys (user_id, name, scope, prefix, key_hash) VALUES ($1, 'CI', 'write', 'qrd_ab', 'hash-1')`,
      [alice],
    );
    await client.query(`INSERT INTO qr.codes (slug, name, destination, owner_id) VALUES ('menu1', 'Menu', 'https://example.com/menu', $1)`, [alice]);
    await client.query(`INSERT INTO qr.codes (slug, name, destination, owner_id) VALUES ('shop1', 'Shop', 'https://example.com/shop', $1)`, [bob]);
    const before = await everyTable();
    for (const table of ['auth.users', 'auth.api_keys', 'qr.codes']) expect(before[table]).not.toMatch(/^0:/);

    await migration.up(runner);

    expect(await everyTable()).toEqual(before);
    const { rows } = await client.query(
      `SELECT u.id AS user_id, w.id AS workspace_id, w.personal_of, w.name, w.created_at = u.created_at AS same_age, m.role
         FROM auth.users u JOIN auth.workspaces w ON w.personal_of = u.id
         JOIN auth.workspace_members m ON m.workspace_id = w.id AND m.user_id = u.id ORDER BY u.username`,
    );
    expect(rows).toEqual([
      { user_id: alice, workspace_id: alice, personal_of: alice, name: 'Personal', same_age: true, role: 'owner' },
      { user_id: bob, workspace_id: bob, personal_of: bob, name: 'Personal', same_age: true, role: 'owner' },
    ]);
    // The API key is its maker's personal workspace's.
    expect((await client.query(`SELECT workspace_id FROM auth.api_keys WHERE user_id = $1`, [alice])).rows).toEqual([{ workspace_id: alice }]);
    // Each code's owner is now its owner's personal workspace: the same id, the same destination.
    const codes = await client.query(`SELECT c.slug, c.destination, w.personal_of FROM qr.codes c JOIN auth.workspaces w ON w.id = c.owner_id ORDER BY c.slug`);
    expect(codes.rows).toEqual([
      { slug: 'menu1', destination: 'https://example.com/menu', personal_of: alice },
      { slug: 'shop1', destination: 'https://example.com/shop', personal_of: bob },
    ]);
  });

  it('gives an account created afterwards, by any path, its personal workspace at once; deleting the account deletes it', async () => {
    const carol = await addUser('carol', '2026-03-04T05:06:07Z');
    const mine = () => client.query(`SELECT w.id, m.role FROM auth.workspaces w JOIN auth.workspace_members m ON m.workspace_id = w.id WHERE w.personal_of = $1`, [carol]);
    expect((await mine()).rows).toEqual([{ id: carol, role: 'owner' }]);

    await client.query(`DELETE FROM auth.users WHERE id = $1`, [carol]);
    expect((await mine()).rows).toEqual([]);
    expect((await client.query(`SELECT 1 FROM auth.workspace_members WHERE user_id = $1`, [carol])).rowCount).toBe(0);
  });

  it('is undone and done again without losing an account', async () => {
    const users = (await client.query(`SELECT count(*)::int AS n FROM auth.users`)).rows[0].n;
    await migration.down(runner);
    await migration.up(runner);
    for (const step of later) await step.up(runner);
    expect((await client.query(`SELECT count(*)::int AS n FROM auth.workspaces WHERE personal_of IS NOT NULL`)).rows[0].n).toBe(users);
  });
});
