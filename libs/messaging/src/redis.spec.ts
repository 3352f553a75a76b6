import { Redis } from './redis';

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
