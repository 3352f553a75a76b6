import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { scanStreamShardKeys } from '@qrd/messaging';
import { RedisCluster } from '../../system/src/support/redis-cluster';
import { FaultRun } from './support/fault-run';
import { sleep } from './support/ports';
import { PrivatePostgres } from './support/private-postgres';
import { faultEnv, FaultSystem } from './support/system';

const SHARDS = 3;
const PREFIX = 'faults';

/**
 * The same load and checks as the fault suite, on the topology docs/scaling.md describes for more
 * than one machine, on loopback: a Redis Cluster of 3 masters with a replica each (Debian's
 * redis-server in cluster mode, no persistence: a killed master's data lives on in its replica
 * only), the scan stream in 3 shards, 3 redirect-service, 2 qr-service and 2 gateway processes
 * behind Debian's nginx running nginx/nginx.conf. Each fault is a kill -9 under load: 0 scans lost,
 * 0 counted twice, and requests fail only within the window RELIABILITY.md gives.
 */
describe('faults on a cluster topology', () => {
  let pg: PrivatePostgres;
  let cluster: RedisCluster;
  let system: FaultSystem;
  let db: Pool;
  let mailDir: string;
  let run: FaultRun;

  beforeAll(async () => {
    pg = await PrivatePostgres.start();
    cluster = await RedisCluster.start({ masters: 3, replicas: 1, nodeTimeoutMs: 2000 });
    mailDir = mkdtempSync(join(tmpdir(), 'qrd-faults-mail-'));
    system = new FaultSystem(
      faultEnv({
        DATABASE_URL: pg.url(),
        REDIS_URL: `redis://127.0.0.1:${cluster.ports[0]}`,
        REDIS_CLUSTER_NODES: cluster.nodesSetting,
        REDIS_PREFIX: PREFIX,
        SCAN_STREAM_SHARDS: String(SHARDS),
        // A killed reader's scans are taken over after 5 s without news of it (60 s by default).
        SCAN_CLAIM_IDLE_MS: '5000',
        MAIL_OUTBOX_DIR: mailDir,
      }),
      { replicas: { 'redirect-service': 3, 'qr-service': 2, gateway: 2 }, frontDoor: 'nginx' },
    );
    await system.start();
    db = new Pool({ connectionString: pg.url(), max: 4 });
    db.on('error', () => undefined);
    run = await FaultRun.prepare(system, db);
  }, 300_000);

  afterAll(async () => {
    await run?.stop();
    await db?.end();
    await system?.stop();
    await cluster?.stop();
    await pg?.destroy();
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
    run?.report('cluster-figures');
  }, 120_000);

  it('runs 3 redirect-service, 2 qr-service and 2 gateway processes behind nginx', () => {
    expect([system.replicas('redirect-service'), system.replicas('qr-service'), system.replicas('gateway')]).toEqual([3, 2, 2]);
  });

  it('kill -9 of the Redis master holding a shard of the scan stream, mid-stream: its replica takes over', async () => {
    const figure = await run.underFault('kill -9 a Redis master (its replica promoted)', async () => {
      const shard = scanStreamShardKeys(PREFIX, SHARDS)[1];
      const victim = await cluster.masterOfSlot(await cluster.keySlot(shard));
      const slots = (await cluster.nodes()).find((node) => node.port === victim)?.slots ?? [];
      await cluster.kill(victim);
      await cluster.waitForFailover(victim, slots, 30_000);
      return Date.now();
    });
    // Known codes are redirected from each replica's memory while the master is away.
    expect(figure.redirectErrors).toBe(0);
  });

  it('kill -9 of one redirect-service replica: nginx sends its scanners to the others', async () => {
    const figure = await run.underFault('kill -9 1 of 3 redirect-service replicas, restarted', async () => {
      await system.kill('redirect-service', 1);
      await sleep(2000);
      const restarted = Date.now();
      await system.startService('redirect-service', 1);
      return restarted;
    });
    // nginx retries a refused connection on the next replica: no scanner sees the kill.
    expect(figure.redirectErrors).toBe(0);
  });

  it("kill -9 of one qr-service replica: the other takes its queues and its unstored scans", async () => {
    const figure = await run.underFault('kill -9 1 of 2 qr-service replicas, restarted', async () => {
      await system.kill('qr-service', 1);
      await sleep(2000);
      const restarted = Date.now();
      await system.startService('qr-service', 1);
      return restarted;
    });
    expect(figure.redirectErrors).toBe(0);
  });
});
