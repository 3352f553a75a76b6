import IORedis, { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// or rediss:// URL (BullMQ wants options, not a URL). */
export function redisOptions(url: string, extra: RedisOptions = {}): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    ...extra,
  };
}

export function createRedis(url: string, extra: RedisOptions = {}): IORedis {
  return new IORedis(redisOptions(url, { maxRetriesPerRequest: null, ...extra }));
}

/** Fails fast at boot with a message a person can act on. */
export async function assertRedisReachable(url: string, timeoutMs = 3000): Promise<void> {
  const client = new IORedis(redisOptions(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: timeoutMs, retryStrategy: () => null }));
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `Cannot reach Redis at ${url} (${(error as Error).message}). Start it ` +
        `(e.g. "redis-server --daemonize yes" or "docker compose up -d redis") or set REDIS_URL.`,
    );
  } finally {
    client.disconnect();
  }
}
