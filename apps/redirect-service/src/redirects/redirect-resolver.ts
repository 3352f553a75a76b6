import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { QrPattern, RedirectEntry, redirectChangesChannel, redirectTableKey } from '@qrd/contracts';
import { createRedis, MessageBus } from '@qrd/messaging';
import { Known, MISS, RedirectCache } from './redirect-cache';
import { failFastRedis, whenReady } from './redis-connections';

/** Changes arrive over pub/sub at once; the expiry only bounds the damage of a missed message. */
const KNOWN_TTL_MS = 60_000;
/** Unknown slugs are remembered briefly, so a scanner hammering a bad slug does not reach PostgreSQL. */
const UNKNOWN_TTL_MS = 5_000;
const MAX_ENTRIES = 200_000;
const FALLBACK_TIMEOUT_MS = 3_000;

/** 'unavailable': not cached and neither Redis nor the qr-service could answer. */
export type Resolution = Known | 'unavailable';

/**
 * Slug -> redirect entry (DESIGN section 4): the in-process cache, then the Redis redirect table,
 * then the qr-service (which reloads PostgreSQL and refills the table). Concurrent misses of one
 * slug share one lookup.
 */
@Injectable()
export class RedirectResolver implements OnModuleInit, OnApplicationShutdown {
  readonly cache = new RedirectCache(MAX_ENTRIES);
  private readonly inFlight = new Map<string, Promise<Resolution>>();
  private readonly lookups: IORedis;
  private readonly subscriber: IORedis;
  /** Bumped by every invalidation: a lookup that overlapped one must not cache what it read. */
  private generation = 0;

  constructor(
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.lookups = failFastRedis(config.redisUrl, 500);
    this.lookups.on('error', (error) => logger.warn({ err: error }, 'redirect lookup connection error'));
    this.subscriber = createRedis(config.redisUrl);
    this.subscriber.on('error', (error) => logger.warn({ err: error }, 'redirect invalidation connection error'));
  }

  async onModuleInit(): Promise<void> {
    const channel = redirectChangesChannel(this.config.redisPrefix);
    let subscribedOnce = false;
    this.subscriber.on('message', (_channel: string, slug: string) => this.invalidate(slug));
    // ioredis resubscribes after a reconnect; whatever changed meanwhile was missed, so re-check all.
    this.subscriber.on('ready', () => {
      if (subscribedOnce) this.invalidateAll();
    });
    await Promise.all([whenReady(this.lookups), this.subscriber.subscribe(channel)]);
    subscribedOnce = true;
  }

  onApplicationShutdown(): void {
    this.lookups.disconnect();
    this.subscriber.disconnect();
  }

  /** Fresh cache hit without a promise (the hot path), else MISS. */
  cached(slug: string): Known | typeof MISS {
    return this.cache.fresh(slug);
  }

  resolve(slug: string): Promise<Resolution> {
    let pending = this.inFlight.get(slug);
    if (!pending) {
      pending = this.lookUp(slug).finally(() => this.inFlight.delete(slug));
      this.inFlight.set(slug, pending);
    }
    return pending;
  }

  invalidate(slug: string): void {
    this.generation++;
    this.cache.expire(slug);
  }

  private invalidateAll(): void {
    this.generation++;
    this.cache.expireAll();
  }

  private async lookUp(slug: string): Promise<Resolution> {
    const generation = this.generation;
    try {
      const raw = await this.lookups.get(redirectTableKey(this.config.redisPrefix, slug));
      const entry = raw
        ? (JSON.parse(raw) as RedirectEntry)
        : await this.bus.request(QrPattern.ResolveSlug, { slug }, { timeoutMs: FALLBACK_TIMEOUT_MS });
      if (generation === this.generation) this.cache.set(slug, entry, entry ? KNOWN_TTL_MS : UNKNOWN_TTL_MS);
      return entry;
    } catch (error) {
      // Redis or the qr-service is away: keep redirecting with what we knew.
      const stale = this.cache.stale(slug);
      if (stale !== MISS) return stale;
      this.logger.warn({ err: error, slug }, 'could not resolve a slug');
      return 'unavailable';
    }
  }
}
