import IORedis from 'ioredis';
import { scanLimitKey } from '@qrd/contracts';

/**
 * Takes one scan from a code's limit, atomically (one script on the shared Redis): however many
 * replicas scan at once, exactly `limit` scans are let through. Answers the count after it, or -1
 * when the limit was used up already (nothing taken).
 */
const TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return -1 end
return redis.call('INCR', KEYS[1])`;

interface TakeScript {
  takeScan(key: string, limit: number): Promise<number>;
}

/** The scan-limit counters, shared by every replica (the qr-service reads them for "scans left"). */
export class ScanLimits {
  constructor(
    private readonly redis: IORedis,
    private readonly prefix: string,
  ) {
    if (!('takeScan' in redis)) redis.defineCommand('takeScan', { numberOfKeys: 1, lua: TAKE });
  }

  /** True when a counted scan may still go through (and it is now counted). */
  async take(codeId: string, limit: number): Promise<boolean> {
    return (await (this.redis as unknown as TakeScript).takeScan(scanLimitKey(this.prefix, codeId), limit)) >= 0;
  }

  /** For scans that do not count (bots): whether the limit is used up, without taking from it. */
  async usedUp(codeId: string, limit: number): Promise<boolean> {
    return Number((await this.redis.get(scanLimitKey(this.prefix, codeId))) ?? 0) >= limit;
  }
}
