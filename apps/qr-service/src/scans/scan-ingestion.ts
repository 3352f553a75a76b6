import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { SCAN_CONSUMER_GROUP, scanStreamKey } from '@qrd/contracts';
import { createRedis, REDIS } from '@qrd/messaging';
import { sharedGeoIp } from './geoip';
import { ScanEnricher } from './scan-enricher';
import { ScanIngestor } from './scan-ingestor';
import { ScansRepository } from './scans.repository';
import { VisitorSalts } from './visitor-salts';

/**
 * Runs this replica's scan ingestor once the whole app has initialised, and stops it before the
 * database and Redis connections close, so the batch in hand is committed and acknowledged.
 */
@Injectable()
export class ScanIngestion implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private ingestor?: ScanIngestor;

  constructor(
    private readonly scans: ScansRepository,
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const geo = await sharedGeoIp(this.config.geoipCityDb);
    const enricher = new ScanEnricher(geo, new VisitorSalts(this.redis, this.config.redisPrefix));
    const reader = createRedis(this.config.redisUrl);
    reader.on('error', (error) => this.logger.warn({ err: error }, 'scan stream connection error'));
    this.ingestor = new ScanIngestor({
      redis: reader,
      control: this.redis,
      stream: scanStreamKey(this.config.redisPrefix),
      group: SCAN_CONSUMER_GROUP,
      // Unique per process: a restarted replica is a new consumer and claims what its predecessor left.
      consumer: `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`,
      claimIdleMs: this.config.scanClaimIdleMs,
      enrich: (id, entry) => enricher.enrich(id, entry),
      store: (batch) => this.scans.insertBatch(batch),
      logger: this.logger,
    });
    await this.ingestor.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.ingestor?.stop();
  }
}
