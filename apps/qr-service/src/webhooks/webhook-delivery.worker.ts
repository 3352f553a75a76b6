import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { WEBHOOK_DELIVERY_QUEUE, WebhookJob, WebhookJobData } from '@qrd/contracts';
import { bullPrefix, closeWorker, redisOptions } from '@qrd/messaging';
import { ServiceMetrics } from '@qrd/observability';
import { DeliveryFailed, WebhookDelivery } from './webhook-delivery';

/** Consumer side of the delivery queue: several receivers are waited on at once. */
@Injectable()
export class WebhookDeliveryWorker implements OnModuleInit, OnModuleDestroy {
  private worker?: Worker<WebhookJobData>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly delivery: WebhookDelivery,
    private readonly metrics: ServiceMetrics,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker<WebhookJobData>(WEBHOOK_DELIVERY_QUEUE, (job) => this.process(job), {
      connection: redisOptions(this.config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(this.config.redisPrefix),
      concurrency: 8,
    });
    this.worker.on('failed', (job, error) => {
      if (!(error instanceof DeliveryFailed)) this.logger.error({ err: error, attempts: job?.attemptsMade }, 'webhook job failed');
    });
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'webhook worker error'));
    this.metrics.addReadinessCheck(`consumer ${WEBHOOK_DELIVERY_QUEUE}`, () => {
      if (!this.worker?.isRunning()) throw new Error('the webhook delivery consumer is not running');
    });
  }

  private process(job: Job<WebhookJobData>): Promise<void> {
    if (job.name !== WebhookJob.Deliver) throw new Error(`Unknown webhook job "${job.name}"`);
    return this.delivery.attempt(job.data, job.attemptsMade + 1, job.opts.attempts ?? 1);
  }

  async onModuleDestroy(): Promise<void> {
    await closeWorker(this.worker, this.logger);
  }
}
