import { ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import IORedis from 'ioredis';

const run = promisify(execFile);

/** A loopback port nobody listens on now, whose cluster bus port (+10000) is free too. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    if (port + 10000 > 65535) continue;
    const busFree = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port + 10000, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (busFree) return port;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ClusterNodeInfo {
  id: string;
  port: number;
  role: 'master' | 'replica';
  /** A replica's master's id. */
  masterId: string | null;
  /** A master's slot ranges. */
  slots: [number, number][];
  failed: boolean;
}

/**
 * A Redis Cluster of Debian's redis-server on loopback, in a temporary folder: `masters` masters
 * with `replicas` replicas each, made with `redis-cli --cluster create`, no persistence (a killed
 * master's data survives only in its replica, as in production without AOF). `kill` sends SIGKILL
 * to one node; `stop` ends them all and removes the folder.
 */
export class RedisCluster {
  private readonly children = new Map<number, ChildProcess>();
  private spawnError: Error | null = null;

  private constructor(
    private readonly dir: string,
    readonly ports: number[],
  ) {}

  static async start({ masters = 3, replicas = 1, nodeTimeoutMs = 2000 } = {}): Promise<RedisCluster> {
    const ports: number[] = [];
    for (let i = 0; i < masters * (1 + replicas); i++) {
      let port = await freePort();
      while (ports.includes(port)) port = await freePort();
      ports.push(port);
    }
    const cluster = new RedisCluster(mkdtempSync(join(tmpdir(), 'qrd-redis-cluster-')), ports);
    try {
      for (const port of ports) cluster.spawnNode(port, nodeTimeoutMs);
      for (const port of ports) await cluster.waitPing(port);
      await run('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', String(replicas), '--cluster-yes'], {
        timeout: 60_000,
      }).catch((error: Error & { stdout?: string }) => {
        throw new Error(`redis-cli --cluster create failed (${error.message.split('\n')[0]}; is redis-tools installed? tools/system-packages.sh)\n${error.stdout ?? ''}`);
      });
      await cluster.waitUntilOk();
      await cluster.waitForReplicas();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** REDIS_CLUSTER_NODES for the product. */
  get nodesSetting(): string {
    return this.ports.map((port) => `127.0.0.1:${port}`).join(',');
  }

  private spawnNode(port: number, nodeTimeoutMs: number): void {
    const args = [
      '--port', String(port),
      '--bind', '127.0.0.1',
      '--dir', this.dir,
      '--cluster-enabled', 'yes',
      '--cluster-config-file', `nodes-${port}.conf`,
      '--cluster-node-timeout', String(nodeTimeoutMs),
      '--save', '',
      '--appendonly', 'no',
      // A new replica copies its master at once (not after the default 5 s wait for more replicas).
      '--repl-diskless-sync-delay', '0',
      '--daemonize', 'no',
      '--logfile', join(this.dir, `redis-${port}.log`),
    ];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    child.on('error', (error) => {
      this.spawnError = new Error(`redis-server could not be started (${error.message}): install Debian's redis-server (tools/system-packages.sh)`);
    });
    this.children.set(port, child);
  }

  private async waitPing(port: number): Promise<void> {
    const client = new IORedis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        if (this.spawnError) throw this.spawnError;
        try {
          if (client.status !== 'ready') await client.connect();
          if ((await client.ping()) === 'PONG') return;
        } catch {
          client.disconnect();
        }
        await sleep(100);
      }
      throw new Error(`redis-server did not start on port ${port} (is Debian's redis-server installed?)`);
    } finally {
      client.disconnect();
    }
  }

  /** A plain connection to one node (not a cluster client): to ask that node itself. */
  node(port: number): IORedis {
    const client = new IORedis(port, '127.0.0.1', { maxRetriesPerRequest: 1, retryStrategy: () => null });
    client.on('error', () => undefined);
    return client;
  }

  /** Waits until every node still running says cluster_state:ok and agrees on who the masters are. */
  async waitUntilOk(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      let ok = true;
      for (const port of this.livePorts()) {
        const client = this.node(port);
        try {
          const info = String(await client.cluster('INFO'));
          last = `${port}: ${/cluster_state:(\w+)/.exec(info)?.[1]}`;
          if (!/cluster_state:ok/.test(info)) ok = false;
        } catch (error) {
          last = `${port}: ${(error as Error).message}`;
          ok = false;
        } finally {
          client.disconnect();
        }
        if (!ok) break;
      }
      if (ok) return;
      await sleep(200);
    }
    throw new Error(`the Redis Cluster is not ok after ${timeoutMs} ms (${last})`);
  }

  /**
   * Waits until every replica has copied its master (master_link_status:up): a replica that never
   * did would not be promoted (its data too old), and the cluster would stay down after a kill.
   */
  async waitForReplicas(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const replicas = (await this.nodes()).filter((node) => node.role === 'replica').map((node) => node.port);
    for (const port of replicas) {
      const client = this.node(port);
      try {
        while (!/master_link_status:up/.test(await client.info('replication'))) {
          if (Date.now() > deadline) throw new Error(`the replica on port ${port} did not copy its master within ${timeoutMs} ms`);
          await sleep(100);
        }
      } finally {
        client.disconnect();
      }
    }
  }

  livePorts(): number[] {
    return this.ports.filter((port) => {
      const child = this.children.get(port);
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    });
  }

  /** The nodes as one live node sees them (CLUSTER NODES). */
  async nodes(): Promise<ClusterNodeInfo[]> {
    const client = this.node(this.livePorts()[0]);
    try {
      const text = String(await client.cluster('NODES'));
      return text
        .trim()
        .split('\n')
        .map((line) => {
          const [id, address, flags, master, , , , , ...slots] = line.split(' ');
          return {
            id,
            port: Number(address.split('@')[0].split(':')[1]),
            role: flags.includes('master') ? ('master' as const) : ('replica' as const),
            masterId: master === '-' ? null : master,
            failed: flags.includes('fail'),
            slots: slots
              .filter((range) => !range.startsWith('['))
              .map((range) => {
                const [from, to] = range.split('-').map(Number);
                return [from, to ?? from] as [number, number];
              }),
          };
        });
    } finally {
      client.disconnect();
    }
  }

  /** The port of the live master serving a hash slot. */
  async masterOfSlot(slot: number): Promise<number> {
    const master = (await this.nodes()).find((node) => node.role === 'master' && !node.failed && node.slots.some(([from, to]) => slot >= from && slot <= to));
    if (!master) throw new Error(`no master serves slot ${slot}`);
    return master.port;
  }

  /** The hash slot of a key, as the cluster computes it. */
  async keySlot(key: string): Promise<number> {
    const client = this.node(this.livePorts()[0]);
    try {
      return Number(await client.cluster('KEYSLOT', key));
    } finally {
      client.disconnect();
    }
  }

  /**
   * Waits until the cluster has seen a killed master fail and promoted a replica to serve its
   * slots, then until every live node says the cluster is ok; answers the slots it had.
   */
  async waitForFailover(port: number, slots: [number, number][], timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const nodes = await this.nodes().catch(() => []);
      const dead = nodes.find((node) => node.port === port);
      const heir = nodes.find((node) => node.port !== port && node.role === 'master' && !node.failed && node.slots.some(([from]) => from === slots[0]?.[0]));
      if (dead?.failed && heir) break;
      if (Date.now() > deadline) throw new Error(`no replica took over from the master on port ${port} within ${timeoutMs} ms`);
      await sleep(100);
    }
    await this.waitUntilOk(Math.max(1000, deadline - Date.now()));
  }

  /** SIGKILL of one node (kill -9): no persistence, so what only it held is gone. */
  async kill(port: number): Promise<void> {
    const child = this.children.get(port);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    for (const port of this.ports) await this.kill(port);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
