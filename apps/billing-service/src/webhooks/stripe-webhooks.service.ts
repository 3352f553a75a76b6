import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type Stripe from 'stripe';
import { APP_CONFIG, AppConfig, LOGGER, Logger, requestContext, RequestMeta } from '@qrd/config';
import { BillingQueue, DomainError, ErrorCode } from '@qrd/contracts';
import { bullPrefix, redisOptions } from '@qrd/messaging';
import { BillingRepository, BillingStore } from '../billing/billing.repository';
import { SubscriptionSync } from '../billing/subscription-sync';
import { STRIPE_CLIENT } from '../providers/providers';
import {
  fromStripeSubscription,
  INVOICE_EVENTS,
  invoiceSubscriptionId,
  SUBSCRIPTION_EVENTS,
} from '../providers/stripe/stripe-mapping';

interface ProviderEventJob {
  eventId: string;
  meta: RequestMeta;
}

/**
 * Stripe webhooks: verified on the raw body, stored once by event id (a redelivery is answered
 * and dropped), then applied from a queue so a slow or failing apply never makes Stripe wait or
 * retry, and a crash leaves the job to be retried.
 */
@Injectable()
export class StripeWebhooksService implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Queue<ProviderEventJob>;
  private worker?: Worker<ProviderEventJob>;

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.stripe) return;
    const connection = redisOptions(this.config.redisUrl, { maxRetriesPerRequest: null });
    const prefix = bullPrefix(this.config.redisPrefix);
    this.queue = new Queue<ProviderEventJob>(BillingQueue.ProviderEvents, { connection, prefix });
    this.worker = new Worker<ProviderEventJob>(
      BillingQueue.ProviderEvents,
      (job) => requestContext.run(job.data.meta, () => this.process(job.data.eventId)),
      { connection, prefix, concurrency: 4 },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.error({ err: error, eventId: job?.data.eventId, attempts: job?.attemptsMade }, 'stripe event failed'),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  async receive(payload: string, signature: string): Promise<{ received: true; duplicate: boolean }> {
    const secret = this.config.billing.stripe.webhookSecret;
    if (!this.stripe || !this.queue || !secret) {
      throw new DomainError(ErrorCode.NotFound, 'Stripe webhooks are not enabled (BILLING_PROVIDER is not stripe)');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      throw new DomainError(ErrorCode.Validation, 'Invalid Stripe signature');
    }
    const { inserted, processed } = await this.repo.recordEvent('stripe', event.id, event.type, event);
    if (!processed) {
      // The job id is the event id: a redelivery while the first is still queued adds nothing.
      await this.queue.add(
        event.type,
        { eventId: event.id, meta: requestContext.currentOrNew() },
        {
          jobId: event.id,
          attempts: 8,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: true,
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
    }
    return { received: true, duplicate: !inserted };
  }

  private async process(eventId: string): Promise<void> {
    const applied = await this.repo.processEventOnce<Stripe.Event>('stripe', eventId, (event, store) => this.apply(event, store));
    if (applied) this.logger.debug({ eventId }, 'stripe event applied');
  }

  private async apply(event: Stripe.Event, store: BillingStore): Promise<void> {
    const object = event.data.object;
    if (SUBSCRIPTION_EVENTS.has(event.type) && object.object === 'subscription') {
      await this.sync.applyFromEvent(fromStripeSubscription(object as Stripe.Subscription, event.created), store);
      return;
    }
    if (INVOICE_EVENTS.has(event.type) && object.object === 'invoice') {
      // Whether a payment moved the subscription (active, past_due ...) is read from Stripe itself.
      const subscriptionId = invoiceSubscriptionId(object as Stripe.Invoice);
      if (subscriptionId) await this.sync.refresh(subscriptionId, store);
    }
  }
}
