import { createIORedisClient, RedisConnection } from 'bullmq';
import IORedis, { RedisOptions } from 'ioredis';
import { closeHandler } from 'ioredis/built/redis/event_handler';

/**
 * ioredis with one fix: `disconnect()` while waiting to reconnect (Redis went away or restarted)
 * ends the connection. Plain ioredis then only cancels the reconnect: it never emits 'end' nor
 * fails the commands it holds, so whoever waits for the end (BullMQ's Worker.close does) waits
 * forever, and a service told to stop never exits. Its socket is gone already, so it is ended as
 * ioredis ends a connection closed on purpose (the fields are ioredis's own).
 */
export class Redis extends IORedis {
  override disconnect(reconnect = false): void {
    if (reconnect || this.status !== 'reconnecting') return super.disconnect(reconnect);
    const self = this as unknown as { manuallyClosing: boolean; reconnectTimeout: NodeJS.Timeout | null };
    self.manuallyClosing = true;
    if (self.reconnectTimeout) clearTimeout(self.reconnectTimeout);
    self.reconnectTimeout = null;
    closeHandler(this)();
  }
}

// BullMQ's workers and queues given connection options make their connections with this too.
RedisConnection.clientFactory = (options) => createIORedisClient(new Redis(options));

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
  return new Redis(redisOptions(url, { maxRetriesPerRequest: null, ...extra }));
}

/** Fails fast at boot with a message a person can act on. */
export async function assertRedisReachable(url: string, timeoutMs = 3000): Promise<void> {
  const client = new Redis(redisOptions(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: timeoutMs, retryStrategy: () => null }));
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
