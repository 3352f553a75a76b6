import { QueueKeys } from 'bullmq';
import { assertRedisReachable, createRedis, isCluster, Redis, redisOptions } from './redis';

describe('Redis', () => {
  it('ends a connection told to disconnect while it waits to reconnect, failing what it held', async () => {
    // Nothing listens on port 1: every attempt is refused, and the next one waits a minute.
    const redis = new Redis({ host: '127.0.0.1', port: 1, maxRetriesPerRequest: null, retryStrategy: () => 60_000 });
    redis.on('error', () => undefined);
    await new Promise((resolve) => redis.once('reconnecting', resolve));
    const held = redis.ping();

    const ended = new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect();

    await ended;
    expect(redis.status).toBe('end');
    await expect(held).rejects.toThrow('Connection is closed.');
  });
});

describe('The start-up check of Redis', () => {
  it('reports a single Redis that refuses the connection at once, not after its timeout', async () => {
    // Nothing listens on port 1. The check used to wait out its whole timeout (here a minute,
    // beyond this test's 10 s) once the refused client had ended, before saying so.
    await expect(assertRedisReachable('redis://127.0.0.1:1', 60_000)).rejects.toThrow(
      /^Cannot reach Redis at 127\.0\.0\.1:1 \(connect ECONNREFUSED 127\.0\.0\.1:1\)\. Start it/,
    );
  }, 10_000);

  it('passes a Redis that answers', async () => {
    await expect(assertRedisReachable(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')).resolves.toBeUndefined();
  });
});

describe('Redis Cluster configuration', () => {
  it('reads the seed nodes from the URL and makes ioredis Clusters of them', () => {
    const options = redisOptions('rediss://:pw@10.0.0.1:6379?cluster=10.0.0.1%3A6379%2C%5B%3A%3A1%5D%3A7000', { maxRetriesPerRequest: null });
    expect(options.clusterNodes).toEqual([
      { host: '10.0.0.1', port: 6379 },
      { host: '::1', port: 7000 },
    ]);
    expect(options).toMatchObject({ password: 'pw', tls: {} });
    const cluster = createRedis('redis://127.0.0.1:1?cluster=127.0.0.1:1', { lazyConnect: true });
    expect(isCluster(cluster)).toBe(true);
    cluster.disconnect();
    const single = createRedis('redis://127.0.0.1:1', { lazyConnect: true });
    expect(isCluster(single)).toBe(false);
    single.disconnect();
  });

  it('says which nodes could not be reached, or that they are not a cluster', async () => {
    await expect(assertRedisReachable('redis://127.0.0.1:1?cluster=127.0.0.1:1', 500)).rejects.toThrow(
      /Cannot reach the Redis Cluster at 127\.0\.0\.1:1 .*REDIS_CLUSTER_NODES/,
    );
    // A Redis that is not in cluster mode (the tests' single Redis).
    const single = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await expect(assertRedisReachable(`redis://${single.host}?cluster=${single.host}`, 1000)).rejects.toThrow(
      `REDIS_CLUSTER_NODES names Redis servers that are not in cluster mode (${single.host}: cluster_enabled:0)`,
    );
  });

  it('gives every BullMQ queue a hash tag of its own', () => {
    const keys = new QueueKeys('qrd:bull');
    expect(keys.toKey('svc-qr', 'wait')).toBe('qrd:bull:{svc-qr}:wait');
    expect(keys.getQueueQualifiedName('{already}')).toBe('qrd:bull:{already}');
  });
});
