import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { createRedis, keySlot, redisOptions } from '@qrd/messaging';
import { waitFor } from '@qrd/testing';
import { RedisCluster } from './support/redis-cluster';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Queues per master, and how far apart their consumers start (their blocking waits end at different times). */
const CONSUMERS = 12;
const STAGGER_MS = 400;

/**
 * Every queue consumer whose queue lives on a master that dies takes jobs again once its replica
 * has taken over. The product's consumers (BullMQ workers on the connections of
 * libs/messaging/src/redis.ts) wait for jobs with a blocking command and renew that connection
 * when a wait outlasts its timeout, as one does when its master dies. Each master of the cluster
 * is killed in turn, with idle consumers of a dozen queues on it; after the failover each queue
 * gets a job, and every one of them must be handled.
 */
describe('queue consumers on a Redis Cluster master that fails over', () => {
  let cluster: RedisCluster;
  let url: string;
  let producer: IORedis;

  beforeAll(async () => {
    cluster = await RedisCluster.start({ masters: 3, replicas: 1, nodeTimeoutMs: 2000 });
    url = `redis://127.0.0.1:${cluster.ports[0]}?cluster=${cluster.nodesSetting}`;
    producer = createRedis(url);
  }, 120_000);

  afterAll(async () => {
    producer?.disconnect();
    await cluster?.stop();
  }, 60_000);

  it('every idle consumer of a killed master takes its next job after the failover, three masters in turn', async () => {
    const masters = (await cluster.nodes()).filter((node) => node.role === 'master' && node.slots.length > 0);
    expect(masters).toHaveLength(3);
    const figures: { promotedMs: number; slowestJobMs: number; unhandled: number }[] = [];
    for (const [round, master] of masters.entries()) {
      const [from, to] = master.slots[0];
      const names: string[] = [];
      for (let i = 0; names.length < CONSUMERS; i++) {
        const slot = keySlot(`{failover-${round}-${i}}`);
        if (slot >= from && slot <= to) names.push(`failover-${round}-${i}`);
      }
      const handledAt = new Map<string, number>();
      const workers: Worker[] = [];
      for (const name of names) {
        const worker = new Worker(name, async () => void handledAt.set(name, Date.now()), {
          connection: redisOptions(url, { maxRetriesPerRequest: null }),
          prefix: 'consumers',
        });
        worker.on('error', () => undefined);
        await worker.waitUntilReady();
        workers.push(worker);
        await sleep(STAGGER_MS);
      }
      const queues = names.map((name) => new Queue(name, { connection: producer, prefix: 'consumers' }));
      try {
        const killedAt = Date.now();
        await cluster.kill(master.port);
        await cluster.waitForFailover(master.port, master.slots, 30_000);
        const promotedMs = Date.now() - killedAt;
        const addedAt = Date.now();
        await Promise.all(queues.map((queue) => queue.add('job', {})));
        await waitFor(() => expect(handledAt.size).toBe(names.length), 20_000).catch(() => undefined);
        figures.push({
          promotedMs,
          slowestJobMs: Math.max(0, ...[...handledAt.values()].map((at) => at - addedAt)),
          unhandled: names.filter((name) => !handledAt.has(name)).length,
        });
      } finally {
        // A consumer that hangs would hang its close too: give up on it after a while.
        await Promise.race([Promise.all(workers.map((worker) => worker.close(true))), sleep(5000)]);
        await Promise.all(queues.map((queue) => queue.close()));
      }
    }
    console.log(`queue consumers through three failovers: ${JSON.stringify(figures)}`);
    expect(figures.map((f) => f.unhandled)).toEqual([0, 0, 0]);
    // Within two of the consumers' blocking waits (5 s each) of the job's arrival.
    for (const f of figures) expect(f.slowestJobMs).toBeLessThan(10_000);
  }, 240_000);
});
