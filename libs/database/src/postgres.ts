import { Client } from 'pg';

/** Fails fast at boot with a message a person can act on. */
export async function assertPostgresReachable(url: string): Promise<void> {
  const target = new URL(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Cannot reach PostgreSQL at ${target.host} (${(error as Error).message}). Start it ` +
        `(e.g. "pg_ctlcluster <version> main start" or "docker compose up -d postgres") or set DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the database named in the URL when it does not exist yet (first run on a new machine). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another service
      });
    }
  } finally {
    await client.end();
  }
}
