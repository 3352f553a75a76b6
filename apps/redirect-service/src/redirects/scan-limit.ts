import IORedis from 'ioredis';
import { scanLimitKey } from '@qrd/contracts';
import { isCluster } from '@qrd/messaging';

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
 * Far from its limit a replica takes scans in blocks of at least this many and counts them out
 * in-process (no Redis call per scan); within `EXACT_BELOW` of the limit every scan is taken from
 * Redis.
 */
export const BLOCK = 100;
/** The largest block, for a code with at least 100 times as many scans left. */
export const MAX_BLOCK = 1000;
export const EXACT_BELOW = 100 * BLOCK;

/**
 * The block for a code with `remaining` scans left: a hundredth of them, from `BLOCK` to
 * `MAX_BLOCK`. A busy code far from its limit then asks Redis once per 500 scans, not once per
 * 50, and a replica killed while holding a block loses at most 1 % of what was left. When a block
 * is down to half of it, it is topped up in the background, so a busy code never runs dry and
 * waits on a round trip.
 */
export function blockFor(remaining: number): number {
  return Math.min(MAX_BLOCK, Math.max(BLOCK, Math.floor(remaining / 100)));
}
/** A block a replica holds unused for this long goes back to the shared counter. */
const RETURN_IDLE_MS = 1000;

interface Waiting {
  resolve: (taken: boolean) => void;
  reject: (error: unknown) => void;
}

/** What one code asks of the next grant: its waiting takes, and whether it tops its block up. */
interface Asked {
  limit: number;
  takers: Waiting[];
  topUp: boolean;
}

interface Held {
  /** Scans taken from Redis and not handed out yet. */
  left: number;
  /** What the shared counter still allowed at the last grant. */
  remaining: number;
  /** The limit of the last grant (a top-up asks with it). */
  limit: number;
  usedAt: number;
  /** A top-up is on its way: no other is asked, so a replica never holds more than a block. */
  refilling: boolean;
}

/**
 * The scan-limit counters, shared by every replica (the qr-service reads them for "scans left",
 * which may count up to a block a replica holds unused for a second). The takes of one turn of the
 * event loop go to Redis in one script call; far from the limit a replica holds a block, counts
 * it out in-process and tops it up before it runs out, so a code with a limit costs the hot path
 * almost nothing more. Near the limit every scan is taken from Redis and blocks held elsewhere
 * are given back within a second, so exactly `limit` scans go through. A replica killed while
 * holding a block loses that block's scans from the limit (at most 1 % of what was left, only
 * while far from it).
 */
export class ScanLimits {
  /** By code id, like `held`: the hot path looks a code up without building its Redis key. */
  private waiting = new Map<string, Asked>();
  private readonly held = new Map<string, Held>();
  private readonly returner: NodeJS.Timeout;
  /** Grants asked and not answered yet (close waits for them before giving blocks back). */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly flushLater = (): void => {
    const flushed = this.flush();
    this.inFlight.add(flushed);
    void flushed.finally(() => this.inFlight.delete(flushed));
  };

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
    const block = this.held.get(codeId);
    if (block === undefined || block.left <= 0) return false;
    block.left -= 1;
    block.usedAt = this.now();
    if (block.left <= blockFor(block.remaining) / 2 && !block.refilling && block.remaining > EXACT_BELOW) this.ask(codeId, block.limit);
    return true;
  }

  /** True when a counted scan may still go through (and it is now counted). */
  take(codeId: string, limit: number): Promise<boolean> {
    if (this.takeHeld(codeId)) return Promise.resolve(true);
    return new Promise((resolve, reject) => {
      this.ask(codeId, limit).takers.push({ resolve, reject });
    });
  }

  /** For scans that do not count (bots): whether the limit is used up, without taking from it. */
  async usedUp(codeId: string, limit: number): Promise<boolean> {
    if ((this.held.get(codeId)?.left ?? 0) > 0) return false;
    return Number((await this.redis.get(scanLimitKey(this.prefix, codeId))) ?? 0) >= limit;
  }

  /** Gives back every block held (at shutdown). */
  async close(): Promise<void> {
    clearInterval(this.returner);
    // A top-up asked in the last turn lands before what is held goes back.
    if (this.waiting.size > 0) await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(this.inFlight);
    await this.giveBackIdle(Number.POSITIVE_INFINITY);
  }

  /**
   * The code's part of the next grant (sent after this turn of the event loop), topping its block
   * up when the last grant found the limit far and no top-up is already on its way.
   */
  private ask(codeId: string, limit: number): Asked {
    let asked = this.waiting.get(codeId);
    if (asked === undefined) {
      if (this.waiting.size === 0) setImmediate(this.flushLater);
      asked = { limit, takers: [], topUp: false };
      this.waiting.set(codeId, asked);
    }
    const block = this.held.get(codeId);
    if (!asked.topUp && block !== undefined && !block.refilling && block.remaining > EXACT_BELOW) {
      asked.topUp = true;
      block.refilling = true;
    }
    return asked;
  }

  private async flush(): Promise<void> {
    const batch = [...this.waiting];
    this.waiting = new Map();
    // A top-up fills the block: with what is still held, never more than a block held.
    const wants = batch.map(([codeId, { takers, topUp }]) => {
      const block = this.held.get(codeId);
      return takers.length + (topUp && block !== undefined ? blockFor(block.remaining) - Math.max(0, block.left) : 0);
    });
    try {
      const grants = await this.grant(batch.map(([codeId, { limit }], i) => ({ key: scanLimitKey(this.prefix, codeId), limit, want: wants[i] })));
      batch.forEach(([codeId, { limit, takers, topUp }], i) => {
        const [granted, used] = grants[i].map(Number);
        takers.forEach((taker, n) => taker.resolve(n < granted));
        const extra = Math.max(0, granted - takers.length);
        // Kept even when empty: how far the limit is decides what the next take asks for.
        const block = this.held.get(codeId);
        if (block === undefined) {
          this.held.set(codeId, { left: extra, remaining: limit - used, limit, usedAt: this.now(), refilling: false });
          return;
        }
        block.left = Math.max(0, block.left) + extra;
        block.remaining = limit - used;
        block.limit = limit;
        block.usedAt = this.now();
        if (topUp) block.refilling = false;
      });
    } catch (error) {
      for (const [codeId, { takers, topUp }] of batch) {
        const block = this.held.get(codeId);
        if (topUp && block !== undefined) block.refilling = false;
        for (const taker of takers) taker.reject(error);
      }
    }
  }

  /**
   * One script call for every code of the turn on a single Redis; on a cluster the counters are
   * in different slots (a script may not span them), so one call per code, sent together.
   */
  private async grant(asks: { key: string; limit: number; want: number }[]): Promise<[number, number][]> {
    const script = this.redis as unknown as GrantScript;
    if (isCluster(this.redis)) {
      return Promise.all(asks.map(async ({ key, limit, want }) => (await script.grantScans(1, key, limit, want))[0]));
    }
    return script.grantScans(asks.length, ...asks.map((a) => a.key), ...asks.map((a) => a.limit), ...asks.map((a) => a.want));
  }

  /** Blocks unused since `before` (every block when it is +Infinity) go back to the shared counters. */
  private async giveBackIdle(before: number): Promise<void> {
    const idle = [...this.held].filter(([, block]) => block.usedAt <= before || !Number.isFinite(before));
    for (const [codeId, block] of idle) {
      this.held.delete(codeId);
      if (block.left > 0) await this.redis.decrby(scanLimitKey(this.prefix, codeId), block.left).catch(() => undefined);
    }
  }
}
