import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, QueueEvents, Worker } from 'bullmq';
import type Stripe from 'stripe';
import { APP_CONFIG, AppConfig, LOGGER, Logger, requestContext, RequestMeta } from '@qrd/config';
import { BillingQueue, DomainError, ErrorCode } from '@qrd/contracts';
import { bullPrefix, closeWorker, redisOptions } from '@qrd/messaging';
import { QueueMetrics, ServiceMetrics } from '@qrd/observability';
import { BillingRepository, BillingStore } from '../billing/billing.repository';
import { RenewalReminders } from '../billing/renewal-reminders';
import { SeatRenewals } from '../billing/seat-renewals';
import { SubscriptionSync } from '../billing/subscription-sync';
import { STRIPE_CLIENT } from '../providers/providers';
import {
  fromStripeSubscription,
  idOf,
  INVOICE_EVENTS,
  invoiceSubscriptionId,
  SCHEDULE_EVENTS,
  SUBSCRIPTION_EVENTS,
} from '../providers/stripe/stripe-mapping';
import { SubscriptionNotices } from './subscription-notices';

interface ProviderEventJob {
  eventId: string;
  meta: RequestMeta;
}

/**
 * Stripe webhooks: verified on the raw body, stored once by event id (a redelivery is answered
 * and dropped), then applied from a queue so a slow or failing apply never makes Stripe wait or
 * retry, and a crash leaves the job to be retried. A job returns the subscription it touched;
 * every replica reads the queue's completions and passes them on as SubscriptionNotices.
 */
@Injectable()
export class StripeWebhooksService implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Queue<ProviderEventJob>;
  private worker?: Worker<ProviderEventJob, string | null>;
  private completions?: QueueEvents;

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly notices: SubscriptionNotices,
    private readonly metrics: ServiceMetrics,
    private readonly queueMetrics: QueueMetrics,
    private readonly reminders: RenewalReminders,
    private readonly renewals: SeatRenewals,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.stripe) return;
    const connection = redisOptions(this.config.redisUrl, { maxRetriesPerRequest: null });
    const prefix = bullPrefix(this.config.redisPrefix);
    this.queue = new Queue<ProviderEventJob>(BillingQueue.ProviderEvents, { connection, prefix });
    this.worker = new Worker<ProviderEventJob, string | null>(
      BillingQueue.ProviderEvents,
      (job) => requestContext.run(job.data.meta, () => this.process(job.data.eventId)),
      { connection, prefix, concurrency: 4 },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.error({ err: error, eventId: job?.data.eventId, attempts: job?.attemptsMade }, 'stripe event failed'),
    );
    this.queueMetrics.watch(this.queue);
    this.metrics.addReadinessCheck(`consumer ${BillingQueue.ProviderEvents}`, () => {
      if (!this.worker?.isRunning()) throw new Error('the Stripe events consumer is not running');
    });
    this.completions = new QueueEvents(BillingQueue.ProviderEvents, { connection, prefix });
    this.completions.on('error', (error) => this.logger.warn({ err: error }, 'stripe event completions error'));
    this.completions.on('completed', ({ returnvalue }) => {
      if (typeof returnvalue === 'string') this.notices.notify(returnvalue);
    });
    await this.completions.waitUntilReady();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.completions?.close();
    await closeWorker(this.worker, this.logger);
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

  /** Applies a stored event once; returns the provider id of the subscription it is about, if any. */
  private async process(eventId: string): Promise<string | null> {
    let subscriptionId: string | null = null;
    const applied = await this.repo.processEventOnce<Stripe.Event>('stripe', eventId, async (event, store) => {
      subscriptionId = await this.apply(event, store);
    });
    if (applied) this.logger.debug({ eventId }, 'stripe event applied');
    // A renewal the event brought: the seats no code uses are dropped, after the commit (no lock held).
    if (applied) await this.renewals.run();
    return subscriptionId;
  }

  private async apply(event: Stripe.Event, store: BillingStore): Promise<string | null> {
    const object = event.data.object;
    if (SUBSCRIPTION_EVENTS.has(event.type) && object.object === 'subscription') {
      const held = await this.sync.applyFromEvent(fromStripeSubscription(object as Stripe.Subscription, event.created), store);
      // The payload names a schedule only by its id: a switch waiting for the period end is read from Stripe.
      if ((object as Stripe.Subscription).schedule || held?.pendingInterval) await this.sync.refresh(object.id, store);
      return object.id;
    }
    if (SCHEDULE_EVENTS.has(event.type) && object.object === 'subscription_schedule') {
      const schedule = object as Stripe.SubscriptionSchedule;
      const subscriptionId = idOf(schedule.subscription) ?? schedule.released_subscription;
      if (subscriptionId) await this.sync.refresh(subscriptionId, store);
      return subscriptionId;
    }
    if (event.type === 'invoice.upcoming' && object.object === 'invoice') {
      // Stripe tells of a renewal as many days ahead as its settings say: the subscription is read
      // fresh (its own event may come later), and the reminder goes out once that has committed.
      const subscriptionId = invoiceSubscriptionId(object as Stripe.Invoice);
      if (subscriptionId) await this.sync.refresh(subscriptionId, store);
      await store.afterCommit(async () => {
        await this.reminders.run(new Date());
      });
      return subscriptionId;
    }
    if (INVOICE_EVENTS.has(event.type) && object.object === 'invoice') {
      // Whether a payment moved the subscription (active, past_due ...) is read from Stripe itself.
      const subscriptionId = invoiceSubscriptionId(object as Stripe.Invoice);
      if (subscriptionId) await this.sync.refresh(subscriptionId, store);
      return subscriptionId;
    }
    return null;
  }
}
