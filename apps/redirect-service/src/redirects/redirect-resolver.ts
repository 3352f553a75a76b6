import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { QrPattern, RedirectEntry, redirectChangesChannel, redirectTableCompleteKey, redirectTableKey } from '@qrd/contracts';
import { createRedis, getEach, isCluster, MessageBus } from '@qrd/messaging';
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
/** Slugs looked up in one MGET at most. */
const MAX_BATCH = 500;
/** Questions to the qr-service (PostgreSQL behind it) per second and replica while the table is incomplete. */
const FALLBACKS_PER_SECOND = 200;
const FALLBACK_BURST = 400;

/** 'unavailable': not cached and neither Redis nor the qr-service could answer. */
export type Resolution = Known | 'unavailable';
export type Waiter = (resolution: Resolution) => void;
type Batch = Map<string, Waiter[]>;

/** What the resolver did, for /metrics and the tests. */
export interface ResolverCounters {
  /** Slugs looked up in the Redis table (in-process misses). */
  tableLookups: number;
  /** Reads of the Redis table (one MGET for the slugs missed meanwhile). */
  tableReads: number;
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
 * (being rebuilt after Redis lost its data) is the qr-service asked, rate-limited.
 */
@Injectable()
export class RedirectResolver implements OnModuleInit, OnApplicationShutdown {
  readonly cache = new RedirectCache(MAX_ENTRIES);
  readonly unknown = new UnknownSlugs(MAX_UNKNOWN);
  readonly counters: ResolverCounters = { tableLookups: 0, tableReads: 0, unknownFromTable: 0, fallbackRequests: 0, fallbackRefused: 0 };
  /**
   * The slugs missed in this turn of the event loop, with the requests waiting for each. A new Map
   * every turn: one long-lived Map churned by every miss kept finished requests reachable from the
   * old generation (through the hash tables it replaced), so the young-generation collector
   * promoted them, and a flood of unknown slugs spent a quarter of its time collecting garbage.
   */
  private collecting: Batch = new Map();
  /** Reads of the table under way. */
  private reading = 0;
  /** Questions to the qr-service in progress: one per slug at a time. */
  private readonly asking = new Map<string, Promise<Resolution>>();
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
    // On a cluster the subscription lives on one node's connection, and ioredis moves it to another
    // node, silently, when that node goes away (a master killed, a replica down): the same re-check.
    if (isCluster(this.subscriber)) this.subscriber.on('-node', () => this.invalidateAll());
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

  /**
   * Answers `done` once the slug is resolved. Misses are gathered and looked up together, one MGET
   * for many slugs however many requests wait for each: the misses of one turn of the event loop,
   * or, while a read is under way, every miss until it returns (under load, one read per round trip
   * to Redis instead of one per request).
   */
  resolve(slug: string, done: Waiter): void {
    const waiters = this.collecting.get(slug);
    if (waiters) {
      waiters.push(done);
      return;
    }
    this.collecting.set(slug, [done]);
    if (this.collecting.size === 1 && this.reading === 0) setImmediate(this.lookUpCollected);
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

  private readonly lookUpCollected = (): void => {
    if (this.collecting.size === 0) return;
    const batch = this.collecting;
    this.collecting = new Map();
    const slugs = [...batch.keys()];
    for (let from = 0; from < slugs.length; from += MAX_BATCH) this.lookUp(batch, slugs.slice(from, from + MAX_BATCH));
  };

  private lookUp(batch: Batch, slugs: string[]): void {
    const generation = this.generation;
    const keys = [this.completeKey];
    for (const slug of slugs) keys.push(redirectTableKey(this.config.redisPrefix, slug));
    this.counters.tableLookups += slugs.length;
    this.counters.tableReads++;
    this.reading++;
    const read = () => {
      if (--this.reading === 0) this.lookUpCollected();
    };
    this.readTable(keys).then(
      (values) => {
        const complete = values[0] !== null;
        try {
          for (let i = 0; i < slugs.length; i++) this.settle(batch, slugs[i], values[i + 1], complete, generation);
        } finally {
          read();
        }
      },
      (error: unknown) => {
        try {
          for (const slug of slugs) this.fail(batch, slug, error);
        } finally {
          read();
        }
      },
    );
  }

  /**
   * The completeness marker and the entries. On a single Redis one MGET answers both, atomically.
   * On a cluster the entries are spread over the slots (one MGET may not span them): the marker
   * is read first, then each entry, so an entry missing while the marker was there was missing
   * after the table was complete (what the single read tells too).
   */
  private async readTable(keys: string[]): Promise<(string | null)[]> {
    if (!isCluster(this.lookups)) return this.lookups.mget(keys);
    const complete = await this.lookups.get(keys[0]);
    return [complete, ...(await getEach(this.lookups, keys.slice(1)))];
  }

  private settle(batch: Batch, slug: string, raw: string | null, complete: boolean, generation: number): void {
    if (raw !== null) {
      const entry = JSON.parse(raw) as RedirectEntry;
      if (generation === this.generation) this.cache.set(slug, entry, KNOWN_TTL_MS);
      return this.deliver(batch, slug, entry);
    }
    if (complete) {
      this.counters.unknownFromTable++;
      if (generation === this.generation) this.unknown.add(slug, UNKNOWN_TTL_MS);
      return this.deliver(batch, slug, null);
    }
    let asked = this.asking.get(slug);
    if (!asked) {
      asked = this.askQrService(slug, generation).finally(() => this.asking.delete(slug));
      this.asking.set(slug, asked);
    }
    asked.then(
      (resolution) => this.deliver(batch, slug, resolution),
      (error: unknown) => this.fail(batch, slug, error),
    );
  }

  /** Redis or the qr-service is away: keep redirecting with what we knew. */
  private fail(batch: Batch, slug: string, error: unknown): void {
    const stale = this.cache.stale(slug);
    if (stale === MISS) this.logger.warn({ err: error, slug }, 'could not resolve a slug');
    this.deliver(batch, slug, stale === MISS ? 'unavailable' : stale);
  }

  private deliver(batch: Batch, slug: string, resolution: Resolution): void {
    for (const done of batch.get(slug) ?? []) {
      try {
        done(resolution);
      } catch (error) {
        this.logger.error({ err: error, slug }, 'redirect failed');
      }
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
