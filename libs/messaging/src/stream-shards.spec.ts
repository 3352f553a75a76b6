import { besideStreamKey, HASH_SLOTS, keySlot, scanStreamShardKeys } from './stream-shards';

describe('scan stream shards', () => {
  it('hashes keys as Redis Cluster does', () => {
    // Redis's own examples: CRC16("123456789") = 0x31C3; a tag hashes its part only.
    expect(keySlot('123456789')).toBe(0x31c3 % HASH_SLOTS);
    expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
    expect(keySlot('{user1000}.following')).toBe(keySlot('user1000'));
    // An empty tag does not count: the whole key is hashed.
    expect(keySlot('foo{}{bar}')).not.toBe(keySlot('bar'));
  });

  it('keeps the stream name with one shard, and spaces the shards evenly around the slots', () => {
    expect(scanStreamShardKeys('qrd', 1)).toEqual(['qrd:scans']);
    const keys = scanStreamShardKeys('qrd', 3);
    expect(keys[0]).toBe('qrd:scans');
    expect(keys[1]).toMatch(/^qrd:scans:1:\{\d+\}$/);
    const slots = keys.map(keySlot);
    const gaps = [1, 2].map((i) => (slots[i] - slots[0] + HASH_SLOTS) % HASH_SLOTS);
    expect(gaps).toEqual([Math.round(HASH_SLOTS / 3), Math.round((2 * HASH_SLOTS) / 3)]);
    // Three masters with equal ranges (0-5460, 5461-10922, 10923-16383): one shard on each.
    expect(new Set(slots.map((slot) => Math.floor(slot / Math.ceil(HASH_SLOTS / 3)))).size).toBe(3);
    expect(scanStreamShardKeys('qrd', 3)).toBe(keys);
  });

  it('puts the keys kept beside a shard in its slot', () => {
    for (const stream of scanStreamShardKeys('t1', 4)) {
      const beside = besideStreamKey(stream, 'epoch');
      expect(beside.startsWith(`${stream}:epoch`)).toBe(true);
      expect(keySlot(beside)).toBe(keySlot(stream));
    }
  });
});
