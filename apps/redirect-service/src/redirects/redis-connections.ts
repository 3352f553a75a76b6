import IORedis from 'ioredis';
import { createRedis } from '@qrd/messaging';

/**
 * A hot-path connection: no offline queue and short timeouts, so while Redis is away a command
 * fails at once (and the caller falls back) instead of waiting in a queue that grows with traffic.
 */
export function failFastRedis(url: string, commandTimeout: number): IORedis {
  return createRedis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout, connectTimeout: 2000 });
}

/** Resolves once the connection is ready (commands before that would fail without an offline queue). */
export function whenReady(redis: IORedis, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis was not ready within ${timeoutMs / 1000}s`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}
