import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { REDIS, takeTurn } from '@qrd/messaging';
import { addMonths, dropPartitionsBefore, ensurePartitions, Month, monthOf } from './scan-partitions';
import { DAY_MS } from './scan-rollups';
import { ScansRepository } from './scans.repository';

const HOUR_MS = 3600 * 1000;

/**
 * Housekeeping of raw scans, once an hour by one replica (the first to take the hour's turn; each
 * step is idempotent and serialised in PostgreSQL all the same): partitions exist ahead of time,
 * months past the retention are dropped whole (the rollups stay, so analytics of those months do
 * not change), and the per-day visitor lists of days that can no longer receive scans are forgotten.
 */
@Injectable()
export class ScanMaintenance implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly scans: ScansRepository,
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // At start every replica makes sure this month's partitions exist before it stores a scan.
    await this.run();
    this.timer = setInterval(() => void this.runIfFirst().catch((error: unknown) => this.logger.warn({ err: error }, 'scan maintenance failed')), HOUR_MS);
    this.timer.unref();
  }

  /** The hourly run: here only if no other replica took this hour's turn. Answers whether it ran here. */
  async runIfFirst(now: number = Date.now()): Promise<boolean> {
    if (!(await takeTurn(this.redis, this.config.redisPrefix, 'scan-maintenance', HOUR_MS))) return false;
    await this.run(now);
    return true;
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async run(now: number = Date.now()): Promise<void> {
    const month = monthOf(now);
    await this.db.transaction((tx) => ensurePartitions(tx, [addMonths(month, -1), month, addMonths(month, 1), addMonths(month, 2)]));
    await this.dropRawScansBefore(addMonths(month, -(this.config.scanRetentionMonths - 1)));
    // A visitor's hash changes with the day's salt, which lives two days: older lists can never match again.
    const forgotten = await this.scans.forgetVisitorsBefore(new Date(now - 2 * DAY_MS).toISOString().slice(0, 10));
    if (forgotten > 0) this.logger.info({ forgotten }, 'visitor lists of closed days forgotten');
  }

  /** Drops raw scans of the months before `oldestKept`; answers the months dropped. */
  async dropRawScansBefore(oldestKept: Month): Promise<Month[]> {
    const dropped = await this.db.transaction((tx) => dropPartitionsBefore(tx, oldestKept));
    if (dropped.length > 0) {
      this.scans.forgetPartitions();
      this.logger.info({ months: dropped }, 'raw scans past the retention dropped (rollups kept)');
    }
    return dropped;
  }
}
