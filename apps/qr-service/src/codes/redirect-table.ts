import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { RedirectEntry, redirectChangesChannel, redirectTableKey } from '@qrd/contracts';
import { REDIS } from '@qrd/messaging';

/**
 * The Redis redirect table the redirect-service reads (DESIGN section 4). Written after every
 * committed change of a code; the slug is then published so each redirect-service replica drops
 * its in-process copy at once instead of waiting for it to expire.
 */
@Injectable()
export class RedirectTable {
  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Stores (or, for null, removes) the slugs' entries and announces the change. */
  async write(changes: { slug: string; entry: RedirectEntry | null }[]): Promise<void> {
    if (changes.length === 0) return;
    const channel = redirectChangesChannel(this.config.redisPrefix);
    // Retried because the database already committed: a lost write would leave scanners on the old page.
    for (let attempt = 1; ; attempt++) {
      try {
        const multi = this.redis.multi();
        for (const { slug, entry } of changes) {
          const key = redirectTableKey(this.config.redisPrefix, slug);
          if (entry) multi.set(key, JSON.stringify(entry));
          else multi.del(key);
        }
        for (const { slug } of changes) multi.publish(channel, slug);
        await multi.exec();
        return;
      } catch (error) {
        if (attempt >= 3) {
          this.logger.error({ err: error, slugs: changes.map((c) => c.slug) }, 'redirect table write failed');
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }
}
