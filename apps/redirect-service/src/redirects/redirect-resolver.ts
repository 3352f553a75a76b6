import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { QrPattern, RedirectEntry, redirectChangesChannel, redirectTableCompleteKey, redirectTableKey } from '@qrd/contracts';
import { createRedis, MessageBus } from '@qrd/messaging';
import { RateLimit } from './rate-limit';
import { Known, MISS, RedirectCache } from './redirect-cache';
import { failFastRedis, whenReady } from './redis-connections';
import { UnknownSlugs } from './unknown-slugs';

/** Changes arrive over pub/sub at once; the expiry only bounds the damage of a missed message. */
const KNOWN_TTL_MS = 60_000;
/** Unknown per the complete table: until a code takes the slug (announced like any change) or this safety net. */
const UNKNOWN_TTL_MS = 60_000;
/** Unknown per the qr-service while the table is being rebuilt. */
const FALLBACK_UNKNOWN_TTL_MS = 5_000;
const MAX_ENTRIES = 200_000;
const MAX_UNKNOWN = 100_000;
const FALLBACK_TIMEOUT_MS = 3_000;
/** Questions to the qr-service (PostgreSQL behind it) per second and replica while the table is incomplete. */
const FALLBACKS_PER_SECOND = 200;
const FALLBACK_BURST = 400;

/** 'unavailable': not cached and neither Redis nor the qr-service could answer. */
export type Resolution = Known | 'unavailable';

/** What the resolver did, for /metrics and the tests. */
export interface ResolverCounters {
  /** Lookups in the Redis table (in-process misses). */
  tableLookups: number;
  /** Slugs the complete table did not hold: answered unknown without asking anyone. */
  unknownFromTable: number;
  /** Questions to the qr-service, asked only while the table was not complete. */
  fallbackRequests: number;
  /** Questions not asked because of the rate limit (answered from a stale copy, else 503). */
  fallbackRefused: number;
}

/**
 * Slug -> redirect entry (DESIGN section 4): the in-process caches, then the Redis redirect table.
 * While the table is marked complete a slug missing from it is unknown; only while it is not
 * (being rebuilt after Redis lost its data) is the qr-service asked, rate-limited. Concurrent
 * misses of one slug share one lookup.
 */
@Injectable()
export class RedirectResolver implements OnModuleInit, OnApplicationShutdown {
  readonly cache = new RedirectCache(MAX_ENTRIES);
  readonly unknown = new UnknownSlugs(MAX_UNKNOWN);
  readonly counters: ResolverCounters = { tableLookups: 0, unknownFromTable: 0, fallbackRequests: 0, fallbackRefused: 0 };
  private readonly inFlight = new Map<string, Promise<Resolution>>();
  private readonly fallbackLimit = new RateLimit(FALLBACKS_PER_SECOND, FALLBACK_BURST);
  private readonly lookups: IORedis;
  private readonly subscriber: IORedis;
  private readonly completeKey: string;
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
    this.completeKey = redirectTableCompleteKey(config.redisPrefix);
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

  /** A fresh in-process answer without a promise (the hot path), else MISS. */
  cached(slug: string): Known | typeof MISS {
    const hit = this.cache.fresh(slug);
    if (hit !== MISS) return hit;
    return this.unknown.has(slug) ? null : MISS;
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
    this.unknown.forget(slug);
  }

  private invalidateAll(): void {
    this.generation++;
    this.cache.expireAll();
    this.unknown.clear();
  }

  private async lookUp(slug: string): Promise<Resolution> {
    const generation = this.generation;
    try {
      this.counters.tableLookups++;
      // One read answers both: the entry, and whether its absence means anything.
      const [raw, complete] = await this.lookups.mget(redirectTableKey(this.config.redisPrefix, slug), this.completeKey);
      if (raw !== null) {
        const entry = JSON.parse(raw) as RedirectEntry;
        if (generation === this.generation) this.cache.set(slug, entry, KNOWN_TTL_MS);
        return entry;
      }
      if (complete !== null) {
        this.counters.unknownFromTable++;
        if (generation === this.generation) this.unknown.add(slug, UNKNOWN_TTL_MS);
        return null;
      }
      return await this.askQrService(slug, generation);
    } catch (error) {
      // Redis or the qr-service is away: keep redirecting with what we knew.
      const stale = this.cache.stale(slug);
      if (stale !== MISS) return stale;
      this.logger.warn({ err: error, slug }, 'could not resolve a slug');
      return 'unavailable';
    }
  }

  /** The table is not complete: PostgreSQL (through the qr-service) answers, and the entry is written back. */
  private async askQrService(slug: string, generation: number): Promise<Resolution> {
    if (!this.fallbackLimit.take()) {
      this.counters.fallbackRefused++;
      const stale = this.cache.stale(slug);
      return stale !== MISS ? stale : 'unavailable';
    }
    this.counters.fallbackRequests++;
    const entry = await this.bus.request(QrPattern.ResolveSlug, { slug }, { timeoutMs: FALLBACK_TIMEOUT_MS });
    if (generation === this.generation) {
      if (entry) this.cache.set(slug, entry, KNOWN_TTL_MS);
      else this.unknown.add(slug, FALLBACK_UNKNOWN_TTL_MS);
    }
    return entry;
  }
}
