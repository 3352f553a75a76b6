import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { delEach, REDIS } from '@qrd/messaging';
import { RateLimitedError } from '../http/rate-limited.error';

/** A maximum set by the operator (config.rateLimits), e.g. 'signupPerHour'. */
export type RateLimitSetting = keyof AppConfig['rateLimits'];

export interface Limit {
  /** What is being limited, e.g. "login-ip:1.2.3.4". */
  key: string;
  /** Attempts allowed per window: a number, or the configuration setting that holds it. */
  max: number | RateLimitSetting;
  windowSeconds: number;
}

/** Fixed-window counters in Redis, shared by every gateway replica. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one attempt against each limit; throws 429 (with Retry-After) when any is exceeded. */
  async hit(...limits: Limit[]): Promise<void> {
    // One transaction per counter, sent together: on a Redis Cluster the counters are in different
    // slots, and a transaction may not span them.
    const results = await Promise.all(
      limits.map(async (limit) => {
        const key = this.key(limit.key);
        return (await this.redis.multi().incr(key).expire(key, limit.windowSeconds, 'NX').ttl(key).exec()) ?? [];
      }),
    );
    let retryAfter = 0;
    limits.forEach((limit, i) => {
      const count = Number(results[i][0]?.[1]);
      const ttl = Number(results[i][2]?.[1]);
      if (count > this.max(limit)) retryAfter = Math.max(retryAfter, ttl > 0 ? ttl : limit.windowSeconds);
    });
    // The longest wait of the exceeded limits: retrying sooner would only be refused again.
    if (retryAfter > 0) throw new RateLimitedError(retryAfter);
  }

  /** Gives back one counted attempt (the work it guarded turned out to cost nothing, e.g. a cached render). */
  async refund(...limits: Limit[]): Promise<void> {
    if (limits.length === 0) return;
    // Should the window have ended meanwhile, the key made by DECR still expires.
    await Promise.all(limits.map((limit) => this.redis.multi().decr(this.key(limit.key)).expire(this.key(limit.key), limit.windowSeconds, 'NX').exec()));
  }

  /** How many attempts a key has had in its window (for growing delays). */
  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.key(key))) ?? 0);
  }

  async reset(...keys: string[]): Promise<void> {
    await delEach(this.redis, keys.map((key) => this.key(key)));
  }

  private max(limit: Limit): number {
    return typeof limit.max === 'number' ? limit.max : this.config.rateLimits[limit.max];
  }

  private key(key: string): string {
    return `${this.config.redisPrefix}:rl:${key}`;
  }
}
