import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig, LOGGER, Logger, requestContext, RequestMeta, withoutDeadline } from '@qrd/config';
import { DataExportJob, QrQueue } from '@qrd/contracts';
import { bullPrefix, closeWorker, redisOptions } from '@qrd/messaging';
import { QueueMetrics, ServiceMetrics } from '@qrd/observability';
import { DataExportsService } from './data-exports.service';

interface BuildJob {
  exportId: string;
  meta: RequestMeta;
}

const ATTEMPTS = 3;
const SWEEP_EVERY_MS = 3600_000;

/** The queue that builds data exports in the background, and sweeps expired ones every hour. */
@Injectable()
export class DataExportQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    private readonly exports: DataExportsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: ServiceMetrics,
    private readonly queueMetrics: QueueMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = redisOptions(this.config.redisUrl, { maxRetriesPerRequest: null });
    const prefix = bullPrefix(this.config.redisPrefix);
    this.queue = new Queue(QrQueue.DataExports, { connection, prefix });
    // One build at a time per replica: an export is a long read, and scans keep arriving meanwhile.
    this.worker = new Worker(QrQueue.DataExports, (job) => this.process(job), { connection, prefix, concurrency: 1 });
    this.worker.on('failed', (job, error) => this.logger.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, 'data export job failed'));
    // Redis away or a cluster failing over: said in the log (BullMQ retries by itself).
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'data export worker error'));
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'data export queue error'));
    this.queueMetrics.watch(this.queue);
    this.metrics.addReadinessCheck(`consumer ${QrQueue.DataExports}`, () => {
      if (!this.worker?.isRunning()) throw new Error('the data export consumer is not running');
    });
    await this.queue.upsertJobScheduler('sweep-expired-exports', { every: SWEEP_EVERY_MS }, { name: DataExportJob.Sweep, opts: { removeOnComplete: true, removeOnFail: 100 } });
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
    await this.queue?.close();
  }

  async enqueue(exportId: string): Promise<void> {
    if (!this.queue) throw new Error('the data export queue is not started');
    await this.queue.add(
      DataExportJob.Build,
      { exportId, meta: withoutDeadline(requestContext.currentOrNew()) } satisfies BuildJob,
      { jobId: exportId, attempts: ATTEMPTS, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } },
    );
  }

  private async process(job: Job): Promise<void> {
    switch (job.name as DataExportJob) {
      case DataExportJob.Sweep:
        await this.exports.sweep();
        return;
      case DataExportJob.Build: {
        const { exportId, meta } = job.data as BuildJob;
        try {
          await requestContext.run(meta, () => this.exports.build(exportId));
        } catch (error) {
          if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.exports.fail(exportId, error);
          throw error;
        }
        return;
      }
      default:
        throw new Error(`unknown data export job ${job.name}`);
    }
  }
}
