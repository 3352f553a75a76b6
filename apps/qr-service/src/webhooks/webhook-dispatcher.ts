import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { WEBHOOK_DELIVERY_QUEUE, WebhookJob, WebhookJobData } from '@qrd/contracts';
import { bullPrefix, redisOptions } from '@qrd/messaging';
import { QueueMetrics } from '@qrd/observability';
import { WebhooksRepository } from './webhooks.repository';

/** A webhook event as the outbox carries it: `body` is exactly what receivers get. */
export interface WebhookEventRecord {
  id: string;
  ownerId: string;
  type: string;
  body: { type: string; timestamp: string; data: unknown };
}

/**
 * Producer side of the delivery queue: an event (from the outbox, committed with its change) is
 * stored for resends and becomes one job per enabled endpoint taking it. The job id is made of
 * the event and the endpoint, so a repeated fan-out adds nothing.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationShutdown {
  readonly queue: Queue<WebhookJobData>;

  constructor(
    private readonly repository: WebhooksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    queueMetrics: QueueMetrics,
  ) {
    this.queue = new Queue<WebhookJobData>(WEBHOOK_DELIVERY_QUEUE, {
      connection: redisOptions(config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(config.redisPrefix),
    });
    queueMetrics.watch(this.queue);
  }

  async fanOut(event: WebhookEventRecord): Promise<void> {
    const endpoints = await this.repository.subscribers(event.ownerId, event.type);
    if (endpoints.length === 0) return;
    await this.repository.saveEvent(event);
    await this.queue.addBulk(endpoints.map((endpointId) => this.job(event.id, endpointId, `${event.id}_${endpointId}`)));
  }

  /** One more delivery of a stored event to one endpoint (a resend, a test event), with its own retries. */
  async enqueue(event: WebhookEventRecord | { id: string }, endpointId: string, saveFirst = false): Promise<void> {
    if (saveFirst) await this.repository.saveEvent(event as WebhookEventRecord);
    const job = this.job(event.id, endpointId, `${event.id}_${endpointId}_${Date.now()}`);
    await this.queue.add(job.name, job.data, job.opts);
  }

  private job(eventId: string, endpointId: string, jobId: string) {
    const { attempts, backoffBaseMs } = this.config.webhooks;
    return {
      name: WebhookJob.Deliver,
      data: { eventId, endpointId },
      opts: {
        jobId,
        attempts,
        backoff: { type: 'exponential', delay: backoffBaseMs },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
