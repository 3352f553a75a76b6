import { spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { waitFor } from '@qrd/testing';
import { freePort } from './front-door';

/** Debian's PostgreSQL programs (the version of the machine's own cluster). */
function pgBin(program: string): string {
  const versions = spawnSync('ls', ['/usr/lib/postgresql'], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL under /usr/lib/postgresql');
  return join('/usr/lib/postgresql', newest, 'bin', program);
}

export interface PrimaryWithReplica {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` on the primary. */
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Runs on the primary's `postgres` database (CREATE DATABASE...). */
  onPrimary(sql: string): Promise<void>;
  /** Stops or resumes applying the primary's changes on the replica (what lag looks like). */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL primary of its own and a streaming replica of it (pg_basebackup -R), each a cluster
 * in a temporary directory on a loopback port, as the `postgres` user when this runs as root (the
 * server refuses to run as root). Nothing of the machine's own cluster is touched.
 */
export async function startPrimaryWithReplica(): Promise<PrimaryWithReplica> {
  const dir = mkdtempSync(join(tmpdir(), 'qrd-replica-'));
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? { uid: Number(run('id', ['-u', 'postgres'], false)), gid: Number(run('id', ['-g', 'postgres'], false)) } : null;
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      // A test's data: nothing to keep if the machine stops.
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'jit = off',
      '',
    ].join('\n');

  function run(program: string, args: string[], asPostgres = true): string {
    const command = asPostgres && asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
    const result = spawnSync(command[0] as string, command[1] as string[], { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    return result.stdout.trim();
  }
  const stopCluster = (data: string) => {
    try {
      run(pgBin('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Not running.
    }
  };

  try {
    run(pgBin('initdb'), ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    appendFileSync(join(primaryDir, 'postgresql.conf'), settings(primaryPort));
    run(pgBin('pg_ctl'), ['-D', primaryDir, '-l', join(dir, 'primary.log'), '-w', 'start']);
    run(pgBin('pg_basebackup'), ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '--no-sync']);
    appendFileSync(join(replicaDir, 'postgresql.conf'), settings(replicaPort));
    run(pgBin('pg_ctl'), ['-D', replicaDir, '-l', join(dir, 'replica.log'), '-w', 'start']);
  } catch (error) {
    stopCluster(replicaDir);
    stopCluster(primaryDir);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async (port: number, sql: string) => {
    const client = new Client({ connectionString: url(port, 'postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  // The replica streams from the primary before anything is asked of it.
  await waitFor(() => query(replicaPort, 'SELECT 1'), 20_000);

  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    onPrimary: (sql) => query(primaryPort, sql),
    pauseReplay: () => query(replicaPort, 'SELECT pg_wal_replay_pause()'),
    resumeReplay: () => query(replicaPort, 'SELECT pg_wal_replay_resume()'),
    async stop() {
      stopCluster(replicaDir);
      stopCluster(primaryDir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
