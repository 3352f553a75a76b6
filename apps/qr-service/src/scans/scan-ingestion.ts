import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { SCAN_CONSUMER_GROUP, scanDeadLetterKey } from '@qrd/contracts';
import { createRedis, REDIS, scanStreamShardKeys } from '@qrd/messaging';
import { registerStreamMetrics, ServiceMetrics } from '@qrd/observability';
import { sharedGeoIp } from '@qrd/geoip';
import { CityPlaces } from './city-places';
import { ScanEnricher } from './scan-enricher';
import { ScanFeed } from './scan-feed';
import { ScanIngestor } from './scan-ingestor';
import { DimensionFolder } from './dimension-folder';
import { ScansRepository } from './scans.repository';
import { VisitorSalts } from './visitor-salts';

/** How often pending dimension additions are folded into the documents while scans arrive (a fold rewrites the large per-day and per-month documents, so not too often). */
const FOLD_EVERY_MS = 5000;
/** ... and while a backlog drains. */
const FOLD_WHILE_DRAINING_MS = 20_000;

/**
 * Runs this replica's scan ingestors once the whole app has initialised, and stops them before the
 * database and Redis connections close, so the batches in hand are committed and acknowledged.
 * Several readers of the consumer group share the stream: while one waits on PostgreSQL, another
 * enriches and rolls up its batch. With the stream in shards (SCAN_STREAM_SHARDS), each shard has
 * SCAN_INGESTORS readers of its own (a read may not span shards: on a cluster they are in different
 * slots), each claiming what stopped readers left on its shard. Every few seconds, the dimension additions they wrote are folded
 * into the documents (one folder at a time across replicas).
 */
@Injectable()
export class ScanIngestion implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private ingestors: ScanIngestor[] = [];
  private folder?: NodeJS.Timeout;
  private folding?: Promise<void>;
  /** Batches stored since the last fold (by this replica). */
  private unfolded = true;
  private lastFold = 0;

  constructor(
    private readonly scans: ScansRepository,
    private readonly cities: CityPlaces,
    private readonly dimensions: DimensionFolder,
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: ServiceMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const geo = await sharedGeoIp(this.config.geoipCityDb);
    const enricher = new ScanEnricher(geo, new VisitorSalts(this.redis, this.config.redisPrefix), this.cities);
    const feed = new ScanFeed(this.redis, this.config.redisPrefix);
    const instance = randomBytes(4).toString('hex');
    const streams = scanStreamShardKeys(this.config.redisPrefix, this.config.scanStreamShards);
    for (let n = 0; n < this.config.scanIngestors * streams.length; n++) {
      const stream = streams[n % streams.length];
      const reader = createRedis(this.config.redisUrl);
      reader.on('error', (error) => this.logger.warn({ err: error }, 'scan stream connection error'));
      this.ingestors.push(
        new ScanIngestor({
          redis: reader,
          control: this.redis,
          stream,
          deadLetters: scanDeadLetterKey(this.config.redisPrefix),
          group: SCAN_CONSUMER_GROUP,
          // Unique per reader: a restarted replica's readers are new consumers and claim what their predecessors left.
          consumer: `${hostname()}-${process.pid}-${instance}-${n}`,
          claimIdleMs: this.config.scanClaimIdleMs,
          maxBatchSize: this.config.scanBatchMax,
          lingerMs: this.config.scanLingerMs,
          enrich: (entry) => enricher.enrich(entry),
          store: async (batch) => {
            const stored = await this.scans.insertBatch(batch);
            if (stored > 0) this.unfolded = true;
            // The live feed is a courtesy: its failure never holds the stream back.
            feed.publish(batch).catch((error: unknown) => this.logger.warn({ err: error }, 'live scan feed not published'));
            return stored;
          },
          logger: this.logger,
        }),
      );
    }
    for (const ingestor of this.ingestors) await ingestor.start();
    this.folder = setInterval(() => {
      if (this.folding || !this.unfolded) return;
      // Each fold rewrites the day's and month's documents whole: while a backlog drains, fewer
      // folds leave more of the machine to the ingest (reads meanwhile sum more additions).
      if (this.ingestors.some((ingestor) => ingestor.draining) && Date.now() - this.lastFold < FOLD_WHILE_DRAINING_MS) return;
      this.lastFold = Date.now();
      this.folding = this.fold().finally(() => (this.folding = undefined));
    }, FOLD_EVERY_MS);
    this.observe();
  }

  private observe(): void {
    registerStreamMetrics(this.metrics, {
      redis: this.redis,
      streams: scanStreamShardKeys(this.config.redisPrefix, this.config.scanStreamShards),
      group: SCAN_CONSUMER_GROUP,
      deadLetters: scanDeadLetterKey(this.config.redisPrefix),
    });
    const sum = (read: (ingestor: ScanIngestor) => number) => () => this.ingestors.reduce((total, ingestor) => total + read(ingestor), 0);
    this.metrics.registerCounter('scans_stored_total', 'Scans this process stored in PostgreSQL.', sum((i) => i.stored));
    this.metrics.registerCounter('scans_dead_lettered_total', 'Scans this process moved to the dead letters.', sum((i) => i.deadLettered));
    this.metrics.addReadinessCheck('consumer scans', () => {
      if (this.ingestors.some((ingestor) => !ingestor.running)) throw new Error('a scan ingestor is not running');
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.folder);
    this.folder = undefined;
    await Promise.all(this.ingestors.map((ingestor) => ingestor.stop()));
    await this.folding;
  }

  private async fold(): Promise<void> {
    this.unfolded = false;
    try {
      let folded: number | null;
      do folded = await this.dimensions.foldDimDeltas();
      while (folded !== null && folded > 0 && this.folder);
      // Another replica was folding: look again next time.
      if (folded === null) this.unfolded = true;
    } catch (error) {
      this.unfolded = true;
      this.logger.warn({ err: error }, 'folding dimension counts failed; retrying');
    }
  }
}
