import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { bullPrefix, closeWorker, redisOptions } from '@qrd/messaging';
import { QueueMetrics } from '@qrd/observability';
import { WeeklyReportsService } from './weekly-reports.service';

/** BullMQ queue of the weekly report runs (one scheduler, shared by every replica). */
export const WEEKLY_REPORT_QUEUE = 'auth-weekly-reports';
/** Every hour: Monday's reports go out in its first hour, or as soon as the service is back. */
const RUN_EVERY_MS = 3600_000;

@Injectable()
export class WeeklyReportQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    private readonly reports: WeeklyReportsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly queueMetrics: QueueMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = redisOptions(this.config.redisUrl, { maxRetriesPerRequest: null });
    const prefix = bullPrefix(this.config.redisPrefix);
    this.queue = new Queue(WEEKLY_REPORT_QUEUE, { connection, prefix });
    this.worker = new Worker(
      WEEKLY_REPORT_QUEUE,
      async () => {
        const sent = await this.reports.sendDue();
        if (sent > 0) this.logger.info({ sent }, 'weekly reports sent');
      },
      { connection, prefix, concurrency: 1 },
    );
    this.worker.on('failed', (job, error) => this.logger.warn({ err: error, jobId: job?.id }, 'weekly report run failed'));
    // Redis away or a cluster failing over: said in the log (BullMQ retries by itself).
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'weekly report worker error'));
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'weekly report queue error'));
    this.queueMetrics.watch(this.queue);
    // The same scheduler id from every replica and restart: one repeating job, not one per process.
    await this.queue.upsertJobScheduler('weekly-reports', { every: RUN_EVERY_MS }, { name: 'send-due', opts: { removeOnComplete: true, removeOnFail: 100 } });
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
    await this.queue?.close();
  }
}
