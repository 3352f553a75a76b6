import IORedis, { Cluster } from 'ioredis';
import { redirectTableCompleteKey, redirectTableKey, SCAN_CONSUMER_GROUP, scanDeadLetterKey, ServiceQueue } from '@qrd/contracts';
import { bullPrefix, createRedis, keySlot, scanStreamShardKeys } from '@qrd/messaging';
import { waitFor } from '@qrd/testing';
import type { EnrichedScan } from '../../../apps/qr-service/src/scans/scan-enricher';
import { ScanIngestor } from '../../../apps/qr-service/src/scans/scan-ingestor';
import { TestSystem } from './harness';
import { createCode, scan, scansIngested, storedScans, subscribedCustomer } from './qr-fixtures';
import { RedisCluster } from './support/redis-cluster';

const SHARDS = 3;

/** The step, or a failure naming it when it takes longer than `ms` (a hang says where it is). */
async function within<T>(ms: number, step: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${step} took longer than ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The product on a Redis Cluster (REDIS_CLUSTER_NODES): 3 masters with a replica each, Debian's
 * redis-server in cluster mode on loopback, no persistence. Every service runs on it: queues
 * (a hash tag per queue), sessions and rate limits, the redirect table (a key per slug, spread
 * over the slots), the scan stream in 3 shards (one per master) read by the ingestors' consumer
 * group, and the invalidation of redirects over pub/sub. Then a master is killed (kill -9) while
 * scans keep coming: its replica takes over, and every scan answered is stored exactly once.
 */
describe('on a Redis Cluster', () => {
  let cluster: RedisCluster;
  let system: TestSystem;
  let redis: Cluster;

  beforeAll(async () => {
    cluster = await RedisCluster.start({ masters: 3, replicas: 1, nodeTimeoutMs: 2000 });
    system = await TestSystem.start({ redis: { clusterNodes: cluster.nodesSetting }, env: { SCAN_STREAM_SHARDS: String(SHARDS), SCAN_LINGER_MS: '50', SCAN_CLAIM_IDLE_MS: '1000' } });
    // Two replicas of the redirect-service and of the qr-service share the shards and the queues.
    await system.startService('qr', 'qr2');
    await system.startService('redirect', 'redirect2');
    redis = createRedis(system.config.redisUrl) as unknown as Cluster;
  }, 180_000);

  afterAll(async () => {
    redis?.disconnect();
    await system?.stop();
    await cluster?.stop();
  }, 120_000);

  it('signs up, creates a code, redirects it and counts each scan once, with the keys spread over the masters', async () => {
    const { client } = await subscribedCustomer(system);
    // The session and the rate limits of the sign-in live on the cluster.
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const code = await createCode(client, { name: 'Cluster', destinationUrl: 'https://example.com/cluster' });
    const redirectUrl = system.url('redirect');

    const answers = await Promise.all(Array.from({ length: 120 }, () => scan(redirectUrl, code.slug)));
    expect(answers.map((res) => res.status)).toEqual(Array(120).fill(302));
    expect(answers[0].headers.get('location')).toBe('https://example.com/cluster');
    await scansIngested(system, 30_000);
    const stored = await storedScans(system, code.id);
    expect(stored).toHaveLength(120);
    expect(new Set(stored.map((s) => s.scan_id)).size).toBe(120);

    // A destination change reaches the redirect-service over pub/sub on the cluster.
    expect((await client.patch(`/api/qrcodes/${code.id}`, { destinationUrl: 'https://example.com/moved' })).status).toBe(200);
    await waitFor(async () => expect((await scan(redirectUrl, code.slug)).headers.get('location')).toBe('https://example.com/moved'), 5_000);

    // The stream's shards: one on each master, as the cluster itself hashes them.
    const shards = scanStreamShardKeys(system.config.redisPrefix, SHARDS);
    const shardSlots = await Promise.all(shards.map((key) => cluster.keySlot(key)));
    expect(shardSlots).toEqual(shards.map(keySlot));
    const shardMasters = await Promise.all(shardSlots.map((slot) => cluster.masterOfSlot(slot)));
    expect(new Set(shardMasters).size).toBe(3);
    // Each shard got scans (the redirect-service appends to them in turn).
    for (const shard of shards) expect(Number(await redis.exists(shard))).toBe(1);

    // The redirect table: a key per slug, in slots of their own on more than one master.
    const other = await createCode(client, { name: 'Another', destinationUrl: 'https://example.com/other' }, { buySeat: true });
    const third = await createCode(client, { name: 'A third', destinationUrl: 'https://example.com/third' }, { buySeat: true });
    const tableKeys = [code, other, third].map((c) => redirectTableKey(system.config.redisPrefix, c.slug));
    for (const key of tableKeys) expect(await redis.get(key)).not.toBeNull();
    const tableSlots = await Promise.all(tableKeys.map((key) => cluster.keySlot(key)));
    expect(new Set(tableSlots).size).toBe(3);
    expect(await redis.get(redirectTableCompleteKey(system.config.redisPrefix))).not.toBeNull();

    // The queues: each in a slot of its own (one hash tag per queue), not all in one.
    const queueSlots = await Promise.all(
      [ServiceQueue.Auth, ServiceQueue.Qr, ServiceQueue.Billing, ServiceQueue.Gateway].map(async (queue) => {
        const key = `${bullPrefix(system.config.redisPrefix)}:{${queue}}:meta`;
        expect(Number(await redis.exists(key))).toBe(1);
        return cluster.keySlot(key);
      }),
    );
    expect(new Set(queueSlots).size).toBe(4);
    expect(new Set(await Promise.all(queueSlots.map((slot) => cluster.masterOfSlot(slot)))).size).toBeGreaterThan(1);

    // Every master holds some of the product's keys.
    for (const port of new Set(shardMasters)) {
      const node = cluster.node(port);
      try {
        expect(Number(await node.dbsize())).toBeGreaterThan(0);
      } finally {
        node.disconnect();
      }
    }
  }, 120_000);

  it('survives the kill -9 of a master mid-stream: its replica takes over, no scan lost or doubled', async () => {
    const { client } = await subscribedCustomer(system);
    const code = await createCode(client, { name: 'Failover', destinationUrl: 'https://example.com/failover' });
    const redirectUrl = system.url('redirect');
    const before = (await storedScans(system, code.id)).length;

    let stop = false;
    let redirected = 0;
    let slowestScanMs = 0;
    let slowestApiMs = 0;
    const failures: { at: number; what: string }[] = [];
    const loop = async (n: number) => {
      const replica = n % 2 === 0 ? redirectUrl : system.url('redirect2');
      while (!stop) {
        const at = Date.now();
        try {
          const res = await scan(replica, code.slug);
          slowestScanMs = Math.max(slowestScanMs, Date.now() - at);
          if (res.status === 302) redirected++;
          else failures.push({ at, what: String(res.status) });
        } catch (error) {
          failures.push({ at, what: (error as Error).message });
        }
      }
    };
    const loops = Array.from({ length: 4 }, (_, n) => loop(n));
    // A signed-in customer's screens meanwhile: the gateway asks the qr-service over its queue.
    let apiAnswered = 0;
    const apiFailures: { at: number; what: string }[] = [];
    const apiLoop = async () => {
      while (!stop) {
        const at = Date.now();
        const res = await client.get('/api/qrcodes').catch((error: Error) => ({ status: 0, text: error.message }));
        slowestApiMs = Math.max(slowestApiMs, Date.now() - at);
        if (res.status === 200) apiAnswered++;
        else apiFailures.push({ at, what: `${res.status}` });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    loops.push(apiLoop());

    await waitFor(() => expect(redirected).toBeGreaterThan(200), 20_000);
    // The master holding the second shard of the stream, mid-stream.
    const victim = await cluster.masterOfSlot(await cluster.keySlot(scanStreamShardKeys(system.config.redisPrefix, SHARDS)[1]));
    const victimSlots = (await cluster.nodes()).find((node) => node.port === victim)?.slots ?? [];
    const killedAt = Date.now();
    const atKill = redirected;
    await cluster.kill(victim);
    // Its replica is promoted once the others have seen it failing (node timeout 2 s).
    await cluster.waitForFailover(victim, victimSlots, 30_000);
    const promotedMs = Date.now() - killedAt;
    const atPromotion = redirected;
    const nodes = await cluster.nodes();
    expect(nodes.filter((node) => node.role === 'master' && !node.failed && node.slots.length > 0)).toHaveLength(3);
    // Scans keep coming a while after the failover.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    stop = true;
    await Promise.all(loops);

    await scansIngested(system, 60_000);
    const stored = await storedScans(system, code.id);
    const figures = {
      redirected,
      untilPromoted: atPromotion - atKill,
      stored: stored.length - before,
      failures: failures.length,
      failureWindowMs: failures.length ? Math.max(...failures.map((f) => f.at)) - Math.min(...failures.map((f) => f.at)) : 0,
      promotedMs,
      slowestScanMs,
      slowestApiMs,
      failureKinds: [...new Set(failures.map((f) => f.what))],
      apiAnswered,
      apiFailures: apiFailures.length,
      apiFailureWindowMs: apiFailures.length ? Math.max(...apiFailures.map((f) => f.at)) - Math.min(...apiFailures.map((f) => f.at)) : 0,
      apiFailureKinds: [...new Set(apiFailures.map((f) => f.what))],
      apiFailuresAfterPromotion: apiFailures.filter((f) => f.at > killedAt + promotedMs).length,
    };
    // The figures docs/scaling.md and RELIABILITY.md quote.
    console.log(`Redis Cluster failover: ${JSON.stringify(figures)}`);
    // 0 lost, 0 doubled: every scan answered with a redirect is stored once (a request that got no
    // answer may have been stored: it is the only slack).
    expect(new Set(stored.map((s) => s.scan_id)).size).toBe(stored.length);
    expect(stored.length - before).toBeGreaterThanOrEqual(redirected);
    expect(stored.length - before).toBeLessThanOrEqual(redirected + failures.length);
    // The code was cached: scanners were redirected throughout, whatever Redis was doing.
    expect(failures).toEqual([]);
    // API requests may fail while the master is down (its queues' keys are unreachable until the
    // replica is promoted), and only then: none from a second after the promotion.
    expect(apiFailures.filter((f) => f.at > killedAt + promotedMs + 1000)).toEqual([]);
    expect(apiAnswered).toBeGreaterThan(0);
    // And the product keeps working on the new master: a new code redirects and counts its scans.
    const after = await createCode(client, { name: 'After failover', destinationUrl: 'https://example.com/after' }, { buySeat: true });
    const answers = await Promise.all(Array.from({ length: 30 }, () => scan(redirectUrl, after.slug)));
    expect(answers.map((res) => res.status)).toEqual(Array(30).fill(302));
    await scansIngested(system, 30_000);
    expect(await storedScans(system, after.id)).toHaveLength(30);
  }, 180_000);

  it("claims a stopped reader's pending scans on every shard", async () => {
    const { client } = await within(30_000, 'signing a customer up', subscribedCustomer(system));
    const code = await within(30_000, 'creating a code', createCode(client, { name: 'Claimed', destinationUrl: 'https://example.com/claimed' }));
    const shards = scanStreamShardKeys(system.config.redisPrefix, SHARDS);
    // No qr-service reads while the scans arrive: they wait in the shards.
    await within(30_000, 'stopping qr2', system.stopService('qr2'));
    await within(30_000, 'stopping qr', system.stopService('qr'));
    const total = 60;
    for (let i = 0; i < total; i++) expect((await scan(system.url(i % 2 ? 'redirect2' : 'redirect'), code.slug)).status).toBe(302);
    await waitFor(async () => expect((await Promise.all(shards.map((shard) => redis.xlen(shard)))).reduce((a, b) => a + b, 0)).toBe(total));

    // On each shard a reader of the group takes every entry and dies before storing any.
    const readers: Cluster[] = [];
    for (const stream of shards) {
      const reader = createRedis(system.config.redisUrl) as unknown as Cluster;
      readers.push(reader);
      let died!: () => void;
      const death = new Promise<void>((resolve) => (died = resolve));
      const doomed = new ScanIngestor({
        redis: reader as unknown as IORedis,
        control: redis as unknown as IORedis,
        stream,
        deadLetters: scanDeadLetterKey(system.config.redisPrefix),
        group: SCAN_CONSUMER_GROUP,
        consumer: `doomed-${stream}`,
        claimIdleMs: 60_000,
        batchSize: 1000,
        enrich: (entry) => entry as unknown as EnrichedScan,
        store: () => {
          died();
          return new Promise<number>(() => undefined);
        },
        logger: system.logger,
      });
      await within(10_000, `starting a reader on ${stream}`, doomed.start());
      await within(10_000, `a read on ${stream}`, death);
      const [pending] = (await redis.xpending(stream, SCAN_CONSUMER_GROUP)) as [number, ...unknown[]];
      expect(pending).toBe(await redis.xlen(stream));
      expect(pending).toBeGreaterThan(0);
    }
    for (const reader of readers) reader.disconnect();
    expect(await storedScans(system, code.id)).toHaveLength(0);

    // A qr-service replica claims them on each shard (SCAN_CLAIM_IDLE_MS 1 s here) and stores each once.
    await within(60_000, 'starting qr', system.startService('qr'));
    await waitFor(async () => expect(await storedScans(system, code.id)).toHaveLength(total), 30_000);
    await scansIngested(system, 30_000);
    const stored = await storedScans(system, code.id);
    expect(new Set(stored.map((s) => s.scan_id)).size).toBe(total);
  }, 120_000);
});
