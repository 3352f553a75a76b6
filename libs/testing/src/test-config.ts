import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Queue } from 'bullmq';
import IORedis, { Cluster } from 'ioredis';
import { AppConfig, loadConfig, REDIS_CLUSTER_PARAM } from '@qrd/config';

/**
 * A configuration for one test file: its own database, its own Redis key prefix and its own folder
 * of content files (the reconciliation removes stored files its database does not know).
 */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): AppConfig {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    CONTENT_STORAGE_DIR: join(tmpdir(), `qrd-content-${prefix}`),
    GATEWAY_PORT: '0',
    AUTH_PORT: '0',
    QR_PORT: '0',
    BILLING_PORT: '0',
    REDIRECT_PORT: '0',
    MESSAGE_TIMEOUT_MS: '15000',
    ...env,
  });
}

/** Deletes every Redis key under a test's prefix (on each master of a cluster, when the URL names one). */
export async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const nodes = new URL(redisUrl).searchParams.get(REDIS_CLUSTER_PARAM);
  if (!nodes) return clearOn(new IORedis(redisUrl), prefix);
  const cluster = new Cluster(nodes.split(',').map((node) => ({ host: node.slice(0, node.lastIndexOf(':')), port: Number(node.slice(node.lastIndexOf(':') + 1)) })));
  try {
    await new Promise((resolve, reject) => {
      cluster.once('ready', resolve);
      cluster.once('error', reject);
    });
    await Promise.all(cluster.nodes('master').map((node) => clearOn(node, prefix, false)));
  } finally {
    cluster.disconnect();
  }
}

async function clearOn(redis: IORedis, prefix: string, disconnect = true): Promise<void> {
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      // On a cluster's node the keys are in different slots: one at a time (sent together).
      if (keys.length && disconnect) await redis.unlink(...keys);
      else await Promise.all(keys.map((key) => redis.unlink(key)));
    } while (cursor !== '0');
  } finally {
    if (disconnect) redis.disconnect();
  }
}

/** Polls until the check passes (queues and streams drain asynchronously); fails with the last error. */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 10_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw lastError instanceof Error ? lastError : new Error(`waitFor timed out: ${String(lastError)}`);
}

/** Waits until a BullMQ queue has nothing waiting, running or scheduled for later (a retry, a delayed job). */
export async function queueDrained(queue: Queue, timeoutMs = 10_000): Promise<void> {
  await waitFor(async () => {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'paused');
    const unfinished = Object.values(counts).reduce((sum, n) => sum + n, 0);
    if (unfinished > 0) throw new Error(`${unfinished} jobs of ${queue.name} not finished`);
  }, timeoutMs);
}
