import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './ports';

/**
 * A PostgreSQL cluster of the suite's own (initdb in a temporary directory, its own port), so it can
 * be stopped and restarted without touching the machine's server. PostgreSQL refuses to run as root:
 * as root the cluster belongs to the `postgres` account.
 */
export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const version = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0];
    if (!version) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
    const bin = join('/usr/lib/postgresql', version, 'bin');
    const dir = mkdtempSync(join(tmpdir(), 'qrd-faults-pg-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    const pg = new PrivatePostgres(bin, dir, await freePort());
    pg.run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    await pg.resume();
    const admin = new Client({ connectionString: pg.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE qrdynamic');
    await admin.end();
    return pg;
  }

  url(database = 'qrdynamic'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the cluster again (after `halt`); resolves once it accepts connections. */
  async resume(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c max_connections=200`;
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-l', join(this.dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  }

  /** Stops the server as a crash would (no checkpoint; recovery runs at the next start). */
  async halt(): Promise<void> {
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    spawnSync(...this.command('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    rmSync(this.dir, { recursive: true, force: true });
  }

  private command(tool: string, args: string[]): [string, string[]] {
    const path = join(this.bin, tool);
    return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  }

  private run(tool: string, args: string[]): void {
    const [file, argv] = this.command(tool, args);
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: this.dir });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  }
}
