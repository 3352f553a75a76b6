import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { waitFor } from '@qrd/testing';
import { ROOT } from '../../e2e/src/support/environment';
import { freePort } from './front-door';

const PGBOUNCER = '/usr/sbin/pgbouncer';
/** The pooler of docker-compose.yml, whose settings the test pooler keeps. */
const PRODUCTION_INI = join(ROOT, 'deploy', 'pgbouncer', 'pgbouncer.ini');
/** Settings of the production file that only make sense in compose (its address, its users). */
const REPLACED = new Set(['listen_addr', 'listen_port', 'auth_type', 'auth_file', 'default_pool_size', 'reserve_pool_size']);

export interface PgBouncer {
  port: number;
  /** `databaseUrl` with its host and port replaced by the pooler's. */
  via(databaseUrl: string): string;
  /** A query on PgBouncer's admin console (SHOW POOLS, SHOW SERVERS...). */
  admin(sql: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

/**
 * PgBouncer with deploy/pgbouncer/pgbouncer.ini's settings (transaction pooling, the ignored startup
 * parameters), in front of this machine's PostgreSQL on a loopback port of its own: every client
 * may connect (as the tests' superuser), `poolSize` server connections per database at most, and
 * handed out in turn (`server_round_robin`), so that nothing can come to rely on meeting the same
 * server connection twice.
 */
export async function startPgBouncer(options: { poolSize: number }): Promise<PgBouncer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'qrd-pgbouncer-'));
  const production = readFileSync(PRODUCTION_INI, 'utf8');
  const settings = /^\[pgbouncer\]\n([\s\S]*)$/m.exec(production)?.[1];
  if (!settings) throw new Error(`${PRODUCTION_INI} has no [pgbouncer] section`);
  const kept = settings.split('\n').filter((line) => {
    const key = /^(\w+)\s*=/.exec(line)?.[1];
    return key !== undefined && !REPLACED.has(key);
  });
  const ini = [
    '[databases]',
    '* = host=127.0.0.1 port=5432 user=postgres',
    '[pgbouncer]',
    ...kept,
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = any',
    'admin_users = postgres',
    `default_pool_size = ${options.poolSize}`,
    'reserve_pool_size = 0',
    'server_round_robin = 1',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    `pidfile = ${join(dir, 'pgbouncer.pid')}`,
  ].join('\n');
  const config = join(dir, 'pgbouncer.ini');
  writeFileSync(config, `${ini}\n`);
  // PgBouncer refuses to run as root: as root, it runs as the postgres user, who must read the directory.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    for (const path of [dir, config]) chownSync(path, uid, gid);
  }
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const admin = async (sql: string) => {
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'pgbouncer' });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${stderr}`);
      await admin('SHOW VERSION');
    });
  } catch (error) {
    child.kill('SIGKILL');
    const log = readLog(dir);
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${log}`);
  }
  return {
    port,
    via(databaseUrl: string) {
      const url = new URL(databaseUrl);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    admin,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'pgbouncer.log'), 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}
