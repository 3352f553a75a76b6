import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import IORedis from 'ioredis';
import { freePort, sleep } from './ports';

/**
 * A redis-server of the suite's own. Its append-only file is written on every command, so a
 * `kill -9` loses nothing unless `flush` removes the data as well.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(mkdtempSync(join(tmpdir(), 'qrd-faults-redis-')), await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'];
    this.child = spawn('redis-server', args, { stdio: 'ignore' });
    const client = new IORedis(this.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        await client.connect();
        // Loading the append-only file answers LOADING until done.
        if ((await client.ping()) === 'PONG') {
          client.disconnect();
          return;
        }
      } catch {
        client.disconnect();
      }
      await sleep(100);
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** `kill -9`; with `flush`, its data goes too (as on a host that lost its disk). */
  async kill({ flush = false } = {}): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
    if (flush) {
      rmSync(this.dir, { recursive: true, force: true });
      mkdirSync(this.dir, { recursive: true });
    }
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
