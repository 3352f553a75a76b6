import IORedis from 'ioredis';
import { scanLimitKey } from '@qrd/contracts';

/**
 * Takes one scan from each listed code's limit, atomically (one script on the shared Redis):
 * however many replicas scan at once, exactly `limit` scans of a code are let through. KEYS are
 * the counters, ARGV their limits, in pairs (a key may repeat: each is one scan). Answers, per
 * pair, the count after it, or -1 when that limit was used up already (nothing taken).
 */
const TAKE_ALL = `
local out = {}
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used >= tonumber(ARGV[i]) then out[i] = -1 else out[i] = redis.call('INCR', KEYS[i]) end
end
return out`;

interface TakeScript {
  takeScans(keyCount: number, ...keysThenLimits: (string | number)[]): Promise<number[]>;
}

interface Waiting {
  key: string;
  limit: number;
  resolve: (taken: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * The scan-limit counters, shared by every replica (the qr-service reads them for "scans left").
 * The takes of one turn of the event loop go to Redis in one script call: a code with a limit then
 * costs the hot path a share of one round trip, not one each.
 */
export class ScanLimits {
  private waiting: Waiting[] = [];

  constructor(
    private readonly redis: IORedis,
    private readonly prefix: string,
  ) {
    if (!('takeScans' in redis)) redis.defineCommand('takeScans', { lua: TAKE_ALL });
  }

  /** True when a counted scan may still go through (and it is now counted). */
  take(codeId: string, limit: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ key: scanLimitKey(this.prefix, codeId), limit, resolve, reject });
    });
  }

  /** For scans that do not count (bots): whether the limit is used up, without taking from it. */
  async usedUp(codeId: string, limit: number): Promise<boolean> {
    return Number((await this.redis.get(scanLimitKey(this.prefix, codeId))) ?? 0) >= limit;
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const counts = await (this.redis as unknown as TakeScript).takeScans(
        batch.length,
        ...batch.map((w) => w.key),
        ...batch.map((w) => w.limit),
      );
      batch.forEach((w, i) => w.resolve(counts[i] >= 0));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
