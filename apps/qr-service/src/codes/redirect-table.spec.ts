import IORedis from 'ioredis';
import { createLogger } from '@qrd/config';
import { RedirectEntry, redirectChangesChannel, redirectTableCompleteKey, redirectTableKey } from '@qrd/contracts';
import { clearRedisPrefix, testConfig } from '@qrd/testing';
import { RedirectTable } from './redirect-table';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function entry(version: number, state: RedirectEntry['state'], destination: string | null = null): RedirectEntry {
  return { codeId: '2b0f5a8e-8a55-4c1a-9d7e-1f2d3c4b5a69', destination, state, version };
}

describe(RedirectTable.name, () => {
  const config = testConfig('postgres://unused@127.0.0.1/unused', { REDIS_URL });
  const redis = new IORedis(REDIS_URL);
  const subscriber = new IORedis(REDIS_URL);
  const announced: string[] = [];
  const sut = new RedirectTable(redis, config, createLogger('redirect-table-test', 'silent'));
  const stored = async (slug: string) => JSON.parse((await redis.get(redirectTableKey(config.redisPrefix, slug))) ?? 'null');
  let marks = 0;
  /** Resolves once every announcement published so far has reached the subscriber (Redis delivers a channel's messages in order). */
  const delivered = async () => {
    const mark = `mark-${++marks}`;
    await redis.publish(redirectChangesChannel(config.redisPrefix), mark);
    while (!announced.includes(mark)) await new Promise((resolve) => setTimeout(resolve, 5));
    announced.splice(announced.indexOf(mark), 1);
  };

  beforeAll(async () => {
    subscriber.on('message', (_channel: string, slug: string) => announced.push(slug));
    await subscriber.subscribe(redirectChangesChannel(config.redisPrefix));
  });
  afterAll(async () => {
    await clearRedisPrefix(REDIS_URL, config.redisPrefix);
    subscriber.disconnect();
    redis.disconnect();
  });

  it('refuses a write older than the stored entry: a late "active" cannot revive a suspended code', async () => {
    await sut.write([{ slug: 'Susp001', entry: entry(7, 'suspended') }], { announceNew: true });

    const written = await sut.write([{ slug: 'Susp001', entry: entry(6, 'active', 'https://example.com/') }], { announceNew: true });

    expect(written).toBe(0);
    expect(await stored('Susp001')).toEqual(entry(7, 'suspended'));
  });

  it('refuses a repeated write of the same version and takes a newer one', async () => {
    await sut.write([{ slug: 'Newer01', entry: entry(3, 'active', 'https://example.com/a') }], { announceNew: true });

    expect(await sut.write([{ slug: 'Newer01', entry: entry(3, 'deactivated') }], { announceNew: true })).toBe(0);
    expect(await sut.write([{ slug: 'Newer01', entry: entry(4, 'active', 'https://example.com/b') }], { announceNew: true })).toBe(1);
    expect(await stored('Newer01')).toEqual(entry(4, 'active', 'https://example.com/b'));
  });

  it('replaces an entry of the older format, which carries no version', async () => {
    await redis.set(redirectTableKey(config.redisPrefix, 'Legacy1'), JSON.stringify({ codeId: 'c', destination: 'https://example.com/', state: 'active' }));

    expect(await sut.write([{ slug: 'Legacy1', entry: entry(1, 'deactivated') }], { announceNew: false })).toBe(1);
    expect(await stored('Legacy1')).toEqual(entry(1, 'deactivated'));
  });

  it('announces written slugs only: new ones only when asked to, replaced ones always', async () => {
    await delivered();
    announced.length = 0;
    await sut.write([{ slug: 'Quiet01', entry: entry(1, 'active', 'https://example.com/') }], { announceNew: false });
    await sut.write([{ slug: 'Quiet01', entry: entry(1, 'active', 'https://example.com/') }], { announceNew: true });
    await sut.write([{ slug: 'Quiet01', entry: entry(2, 'deactivated') }], { announceNew: false });
    await sut.write([{ slug: 'Loud001', entry: entry(1, 'active', 'https://example.com/') }], { announceNew: true });

    await delivered();
    expect(announced).toEqual(['Quiet01', 'Loud001']);
  });

  it('marks the table complete only if the rebuild kept its lease throughout', async () => {
    expect(await sut.acquireBuild('gen-1', 10_000)).toBe(true);
    expect(await sut.acquireBuild('gen-2', 10_000)).toBe(false);
    // Redis loses its data mid-rebuild: the lease goes with it.
    await clearRedisPrefix(REDIS_URL, config.redisPrefix);

    expect(await sut.renewBuild('gen-1', 10_000)).toBe(false);
    expect(await sut.finishBuild('gen-1')).toBe(false);
    expect(await sut.completeGeneration()).toBeNull();

    expect(await sut.acquireBuild('gen-3', 10_000)).toBe(true);
    expect(await sut.finishBuild('gen-3')).toBe(true);
    expect(await redis.get(redirectTableCompleteKey(config.redisPrefix))).toBe('gen-3');
    expect(await sut.acquireBuild('gen-4', 10_000)).toBe(true);
  });
});
