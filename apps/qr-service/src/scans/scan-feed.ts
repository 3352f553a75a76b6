import type IORedis from 'ioredis';
import { LiveScan, scanFeedChannel, scanFeedWatchKey, ScanRecord } from '@qrd/contracts';
import { getEach } from '@qrd/messaging';

/** Codes of one batch whose watchers are looked up at most (a larger batch is a backlog draining: nobody waits for it live). */
const MAX_CODES_LOOKED_UP = 1000;

export function liveScanOf(scan: ScanRecord): LiveScan {
  return {
    scanId: scan.scanId,
    at: scan.scannedAt.toISOString(),
    country: scan.country,
    city: scan.city,
    device: scan.device,
    os: scan.os,
    browser: scan.browser,
    variant: scan.variant ?? null,
    bot: scan.isBot,
  };
}

/**
 * The live feed (a code's analytics page, through the gateway): after a batch is stored, its scans
 * of each watched code are published on the code's channel. One Redis read per batch tells which
 * of its codes are watched; the rest costs nothing.
 */
export class ScanFeed {
  constructor(
    private readonly redis: IORedis,
    private readonly redisPrefix: string,
  ) {}

  async publish(batch: readonly ScanRecord[]): Promise<number> {
    const byCode = new Map<string, ScanRecord[]>();
    for (const scan of batch) {
      const list = byCode.get(scan.codeId);
      if (list) list.push(scan);
      else if (byCode.size < MAX_CODES_LOOKED_UP) byCode.set(scan.codeId, [scan]);
    }
    if (byCode.size === 0) return 0;
    const codes = [...byCode.keys()];
    const watched = await getEach(this.redis, codes.map((code) => scanFeedWatchKey(this.redisPrefix, code)));
    const pipeline = this.redis.pipeline();
    let published = 0;
    codes.forEach((code, i) => {
      if (watched[i] === null) return;
      pipeline.publish(scanFeedChannel(this.redisPrefix, code), JSON.stringify((byCode.get(code) ?? []).map(liveScanOf)));
      published++;
    });
    if (published > 0) await pipeline.exec();
    return published;
  }
}
