import { randomBytes, randomUUID } from 'node:crypto';
import IORedis from 'ioredis';
import { scanLimitKey } from '@qrd/contracts';
import { ScanLimits } from './scan-limit';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe(ScanLimits.name, () => {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const connections = [new IORedis(REDIS_URL), new IORedis(REDIS_URL)];
  // Two replicas, each with its own connection to the shared Redis.
  const replicas = connections.map((redis) => new ScanLimits(redis, prefix));

  afterAll(async () => {
    const keys = await connections[0].keys(`${prefix}:*`);
    if (keys.length) await connections[0].del(...keys);
    for (const redis of connections) redis.disconnect();
  });

  it('lets exactly the limit through when two replicas take at once, many in one turn each', async () => {
    const code = randomUUID();
    const takes = Array.from({ length: 120 }, (_, i) => replicas[i % 2].take(code, 37));
    const taken = await Promise.all(takes);
    expect(taken.filter(Boolean)).toHaveLength(37);
    expect(Number(await connections[0].get(scanLimitKey(prefix, code)))).toBe(37);
    expect(await replicas[1].usedUp(code, 37)).toBe(true);
  });

  it('keeps the codes of one batch apart', async () => {
    const [small, large] = [randomUUID(), randomUUID()];
    const taken = await Promise.all([
      replicas[0].take(small, 1),
      replicas[0].take(large, 3),
      replicas[0].take(small, 1),
      replicas[0].take(large, 3),
    ]);
    expect(taken).toEqual([true, true, false, true]);
    expect(await replicas[0].usedUp(large, 3)).toBe(false);
  });
});
