import { randomBytes, randomUUID } from 'node:crypto';
import IORedis from 'ioredis';
import { scanLimitKey } from '@qrd/contracts';
import { BLOCK, blockFor, EXACT_BELOW, MAX_BLOCK, ScanLimits } from './scan-limit';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe(ScanLimits.name, () => {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const connections = [new IORedis(REDIS_URL), new IORedis(REDIS_URL)];
  let replicas: ScanLimits[];
  const counter = async (code: string) => Number(await connections[0].get(scanLimitKey(prefix, code)));

  // Two replicas, each with its own connection to the shared Redis.
  beforeEach(() => {
    replicas = connections.map((redis) => new ScanLimits(redis, prefix));
  });
  afterEach(async () => {
    for (const replica of replicas) await replica.close();
  });
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
    expect(await counter(code)).toBe(37);
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

  it('far from the limit takes blocks and counts them out in-process; what is left goes back', async () => {
    const code = randomUUID();
    const limit = 1_000_000;
    // The first take learns how far the limit is; the next ones ask for a block.
    await replicas[0].take(code, limit);
    await replicas[1].take(code, limit);
    const taken = await Promise.all(Array.from({ length: 500 }, (_, i) => replicas[i % 2].take(code, limit)));
    expect(taken.every(Boolean)).toBe(true);
    const counted = await counter(code);
    expect(counted).toBeGreaterThan(502);
    expect(counted).toBeLessThanOrEqual(502 + 2 * blockFor(limit));
    for (const replica of replicas) await replica.close();
    expect(await counter(code)).toBe(502);
  });

  it('far from the limit tops a block up before it runs out, so a busy code never waits on Redis', async () => {
    const code = randomUUID();
    const limit = 1_000_000;
    const replica = replicas[0];
    await replica.take(code, limit);
    await replica.take(code, limit);
    // A million scans left: blocks of MAX_BLOCK. Down to half a block in-process: a top-up to a
    // full block is asked in the background.
    let inProcess = 0;
    while (inProcess < MAX_BLOCK / 2 && replica.takeHeld(code)) inProcess += 1;
    expect(inProcess).toBe(MAX_BLOCK / 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The block is full again: MAX_BLOCK more scans in one go, none of them waiting (without the
    // top-up only the half block left would go through before a round trip to Redis).
    let afterTopUp = 0;
    while (afterTopUp < 2 * MAX_BLOCK && replica.takeHeld(code)) afterTopUp += 1;
    expect(afterTopUp).toBe(MAX_BLOCK);
    // Never more than a block held beyond what was handed out; what is left goes back.
    const handedOut = 2 + inProcess + afterTopUp;
    expect(await counter(code)).toBeLessThanOrEqual(handedOut + MAX_BLOCK);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await replica.close();
    expect(await counter(code)).toBe(handedOut);
  });

  it('holds a hundredth of what is left, from BLOCK to MAX_BLOCK: a killed replica loses at most 1 % of it', () => {
    expect([blockFor(1_000_000_000), blockFor(100_000), blockFor(54_321), blockFor(EXACT_BELOW + 1)]).toEqual([MAX_BLOCK, 1000, 543, BLOCK]);
  });

  it('goes from blocks to one scan at a time near the limit, and lets exactly the limit through', async () => {
    const code = randomUUID();
    const limit = 20_000;
    const remaining = EXACT_BELOW + 50;
    await connections[0].set(scanLimitKey(prefix, code), limit - remaining);
    let granted = 0;
    let refusedInARow = 0;
    for (let round = 0; refusedInARow < 2; round += 1) {
      const taken = await Promise.all(Array.from({ length: 200 }, (_, i) => replicas[(i + round) % 2].take(code, limit)));
      const count = taken.filter(Boolean).length;
      granted += count;
      refusedInARow = count === 0 ? refusedInARow + 1 : 0;
    }
    expect(granted).toBe(remaining);
    for (const replica of replicas) await replica.close();
    expect(await counter(code)).toBe(limit);
  });
});
