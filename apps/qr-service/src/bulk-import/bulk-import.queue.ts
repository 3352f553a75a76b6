import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig, LOGGER, Logger, requestContext, RequestMeta, withoutDeadline } from '@qrd/config';
import { QrQueue } from '@qrd/contracts';
import { bullPrefix, closeWorker, redisOptions } from '@qrd/messaging';
import { QueueMetrics, ServiceMetrics } from '@qrd/observability';
import { BulkImportsService } from './bulk-imports.service';

interface CreateCodesJob {
  importId: string;
  meta: RequestMeta;
}

const ATTEMPTS = 5;
const JOB_NAME = 'create-codes';

/**
 * Creates a confirmed import's codes in the background (job id = import id, so a repeat joins it).
 * At start every import confirmed and not finished is queued again: the creation goes on from its
 * last committed batch after a restart (a job left active by a crashed process is taken back by
 * BullMQ's stalled-job check). A shutdown stops the job between two batches.
 */
@Injectable()
export class BulkImportQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Queue;
  private worker?: Worker;
  private stopping = false;

  constructor(
    private readonly imports: BulkImportsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: ServiceMetrics,
    private readonly queueMetrics: QueueMetrics,
  ) {}

  onApplicationBootstrap(): void {
    const connection = redisOptions(this.config.redisUrl, { maxRetriesPerRequest: null });
    const prefix = bullPrefix(this.config.redisPrefix);
    this.queue = new Queue(QrQueue.BulkImports, { connection, prefix });
    // One import at a time per replica: each batch is created under its owner's lock.
    this.worker = new Worker(QrQueue.BulkImports, (job) => this.process(job), { connection, prefix, concurrency: 1 });
    this.worker.on('failed', (job, error) => this.logger.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, 'bulk import job failed'));
    // Redis away or a cluster failing over: said in the log (BullMQ retries by itself).
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'bulk import worker error'));
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'bulk import queue error'));
    this.queueMetrics.watch(this.queue);
    this.metrics.addReadinessCheck(`consumer ${QrQueue.BulkImports}`, () => {
      if (!this.worker?.isRunning()) throw new Error('the bulk import consumer is not running');
    });
    void this.resumeUnfinished();
  }

  private async resumeUnfinished(): Promise<void> {
    try {
      for (const importId of await this.imports.unfinished()) await this.enqueue(importId);
    } catch (error) {
      this.logger.warn({ err: error }, 'unfinished bulk imports could not be queued again');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await closeWorker(this.worker, this.logger);
    await this.queue?.close();
  }

  async enqueue(importId: string): Promise<void> {
    if (!this.queue) throw new Error('the bulk import queue is not started');
    await this.queue.add(
      JOB_NAME,
      { importId, meta: withoutDeadline(requestContext.currentOrNew()) } satisfies CreateCodesJob,
      { jobId: importId, attempts: ATTEMPTS, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } },
    );
  }

  private async process(job: Job): Promise<void> {
    const { importId, meta } = job.data as CreateCodesJob;
    try {
      await requestContext.run(meta, () => this.imports.run(importId, () => this.stopping));
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await this.imports.giveUp(importId, 'This QR code could not be created. Please try again with a new import.');
      }
      throw error;
    }
  }
}
