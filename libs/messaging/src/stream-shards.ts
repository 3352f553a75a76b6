import { scanStreamKey } from '@qrd/contracts';

/** Hash slots of a Redis Cluster. */
export const HASH_SLOTS = 16384;

/** CRC16-XMODEM, the checksum Redis Cluster hashes keys with. */
function crc16(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The hash slot of a key, as a Redis Cluster computes it (the part in its first `{...}`, when not empty). */
export function keySlot(key: string): number {
  const open = key.indexOf('{');
  if (open >= 0) {
    const close = key.indexOf('}', open + 1);
    if (close > open + 1) return crc16(key.slice(open + 1, close)) % HASH_SLOTS;
  }
  return crc16(key) % HASH_SLOTS;
}

const shardKeys = new Map<string, string[]>();

/**
 * The scan stream's shards (SCAN_STREAM_SHARDS). The first is `<prefix>:scans`, the stream's name
 * with one shard (raising the count keeps its backlog where the ingestors read it). Shard i is
 * `<prefix>:scans:<i>:{<tag>}`, the tag chosen so that the shards' hash slots are spaced evenly
 * around the cluster's 16384 slots from the first's: on a cluster whose masters hold equal ranges
 * of slots (as `redis-cli --cluster create` makes them), as many shards as masters put one shard
 * on each master, and more shards spread evenly. The same keys on a single Redis (nothing there
 * depends on slots). Nothing reads or writes two shards in one command.
 */
export function scanStreamShardKeys(redisPrefix: string, shards: number): string[] {
  const cacheKey = `${redisPrefix}\n${shards}`;
  const known = shardKeys.get(cacheKey);
  if (known) return known;
  const first = scanStreamKey(redisPrefix);
  const count = Math.max(1, Math.floor(shards));
  const keys = [first];
  const start = keySlot(first);
  for (let i = 1; i < count; i++) {
    const target = (start + Math.round((i * HASH_SLOTS) / count)) % HASH_SLOTS;
    let tag = 0;
    // About 16,384 tries on average (every slot is reached by some number), done once per process.
    while (crc16(String(tag)) % HASH_SLOTS !== target) tag++;
    keys.push(`${first}:${i}:{${tag}}`);
  }
  shardKeys.set(cacheKey, keys);
  return keys;
}

/**
 * A key kept beside a stream shard, in the same hash slot, so that on a cluster it is on the
 * stream's master and goes with it when that master loses its data: `<stream>:<name>` for a shard
 * with a tag, `<stream>:<name>:{<stream>}` (hashing on the stream's whole name, as the stream
 * does) for one without. It starts with the prefix like every key.
 */
export function besideStreamKey(stream: string, name: string): string {
  return /\{[^}]+\}/.test(stream) ? `${stream}:${name}` : `${stream}:${name}:{${stream}}`;
}
