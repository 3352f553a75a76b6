import IORedis from 'ioredis';
import { scanLimitKey } from '@qrd/contracts';

/**
 * Takes scans from codes' limits, atomically (one script on the shared Redis): however many
 * replicas scan at once, no more than `limit` scans of a code are ever granted. KEYS are the
 * counters; ARGV holds their limits, then how many scans each asks for (a key may repeat). Answers,
 * per key, how many were granted (fewer than asked only once the limit is reached) and the count
 * after it.
 */
const GRANT = `
local n = #KEYS
local out = {}
for i = 1, n do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  local grant = math.min(tonumber(ARGV[n + i]), math.max(0, tonumber(ARGV[i]) - used))
  if grant > 0 then used = redis.call('INCRBY', KEYS[i], grant) end
  out[i] = { grant, used }
end
return out`;

interface GrantScript {
  grantScans(keyCount: number, ...keysLimitsWants: (string | number)[]): Promise<[number, number][]>;
}

/**
 * Far from its limit a replica takes scans in blocks of this many and counts them out in-process
 * (no Redis call per scan); within `EXACT_BELOW` of the limit every scan is taken from Redis.
 */
export const BLOCK = 100;
export const EXACT_BELOW = 100 * BLOCK;
/** A block a replica holds unused for this long goes back to the shared counter. */
const RETURN_IDLE_MS = 1000;

interface Waiting {
  resolve: (taken: boolean) => void;
  reject: (error: unknown) => void;
}

interface Held {
  /** Scans taken from Redis and not handed out yet. */
  left: number;
  /** What the shared counter still allowed at the last grant. */
  remaining: number;
  usedAt: number;
}

/**
 * The scan-limit counters, shared by every replica (the qr-service reads them for "scans left",
 * which may count up to a block a replica holds unused for a second). The takes of one turn of the
 * event loop go to Redis in one script call; far from the limit a replica holds a block and
 * counts it out in-process, so a code with a limit costs the hot path almost nothing more. Near
 * the limit every scan is taken from Redis and blocks held elsewhere are given back within a
 * second, so exactly `limit` scans go through. A replica killed while holding a block loses
 * that block's scans from the limit (at most `BLOCK`, only while far from it).
 */
export class ScanLimits {
  private waiting = new Map<string, { limit: number; takers: Waiting[] }>();
  private readonly held = new Map<string, Held>();
  private readonly returner: NodeJS.Timeout;

  constructor(
    private readonly redis: IORedis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    if (!('grantScans' in redis)) redis.defineCommand('grantScans', { lua: GRANT });
    this.returner = setInterval(() => void this.giveBackIdle(this.now() - RETURN_IDLE_MS), RETURN_IDLE_MS);
    this.returner.unref();
  }

  /**
   * Takes a scan from the block this replica holds, at once; false when it holds none (then
   * `take` asks Redis). The hot path stays synchronous for a code far from its limit.
   */
  takeHeld(codeId: string): boolean {
    const block = this.held.get(scanLimitKey(this.prefix, codeId));
    if (!block || block.left <= 0) return false;
    block.left -= 1;
    block.usedAt = this.now();
    return true;
  }

  /** True when a counted scan may still go through (and it is now counted). */
  take(codeId: string, limit: number): Promise<boolean> {
    if (this.takeHeld(codeId)) return Promise.resolve(true);
    const key = scanLimitKey(this.prefix, codeId);
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const entry = this.waiting.get(key) ?? { limit, takers: [] };
      entry.takers.push({ resolve, reject });
      this.waiting.set(key, entry);
    });
  }

  /** For scans that do not count (bots): whether the limit is used up, without taking from it. */
  async usedUp(codeId: string, limit: number): Promise<boolean> {
    const key = scanLimitKey(this.prefix, codeId);
    if ((this.held.get(key)?.left ?? 0) > 0) return false;
    return Number((await this.redis.get(key)) ?? 0) >= limit;
  }

  /** Gives back every block held (at shutdown). */
  async close(): Promise<void> {
    clearInterval(this.returner);
    await this.giveBackIdle(Number.POSITIVE_INFINITY);
  }

  private async flush(): Promise<void> {
    const batch = [...this.waiting];
    this.waiting = new Map();
    const wants = batch.map(([key, { takers }]) => takers.length + (this.farFromLimit(key) ? BLOCK : 0));
    try {
      const grants = await (this.redis as unknown as GrantScript).grantScans(
        batch.length,
        ...batch.map(([key]) => key),
        ...batch.map(([, { limit }]) => limit),
        ...wants,
      );
      batch.forEach(([key, { limit, takers }], i) => {
        const [granted, used] = grants[i].map(Number);
        takers.forEach((taker, n) => taker.resolve(n < granted));
        // Kept even when empty: how far the limit is decides what the next take asks for.
        this.held.set(key, { left: Math.max(0, granted - takers.length), remaining: limit - used, usedAt: this.now() });
      });
    } catch (error) {
      for (const [, { takers }] of batch) for (const taker of takers) taker.reject(error);
    }
  }

  /** Far from the limit when the last grant says so (a code seen for the first time asks for one). */
  private farFromLimit(key: string): boolean {
    const block = this.held.get(key);
    return block !== undefined && block.remaining > EXACT_BELOW;
  }

  /** Blocks unused since `before` (every block when it is +Infinity) go back to the shared counters. */
  private async giveBackIdle(before: number): Promise<void> {
    const idle = [...this.held].filter(([, block]) => block.usedAt <= before || !Number.isFinite(before));
    for (const [key, block] of idle) {
      this.held.delete(key);
      if (block.left > 0) await this.redis.decrby(key, block.left).catch(() => undefined);
    }
  }
}
