import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { LOGGER, Logger, requestContext } from '@qrd/config';
import { BillingNotice, BillingNoticeInCurrency, DomainEvent, redirectsEnabledFor, SubscriptionState, WorkspaceActivity } from '@qrd/contracts';
import { MessageBus, Outbox, ServiceOutbox } from '@qrd/messaging';
import { ServiceMetrics } from '@qrd/observability';
import { BillingRepository, BillingStore } from './billing.repository';

/** A user's effective subscription as the other services are told it. */
export async function subscriptionStateOf(store: BillingStore, userId: string): Promise<SubscriptionState | null> {
  const effective = await store.effectiveOfUser(userId);
  if (!effective) return null;
  return { userId, status: effective.status, redirectsEnabled: redirectsEnabledFor(effective.status), seats: effective.seats };
}

/**
 * The billing-service's outbox: a change of a user's subscription records `subscription.changed`
 * in the transaction that changed it. After the commit it is published at once; if that fails
 * (Redis away, a crash in between) the relay publishes it, so the owner's codes always follow their
 * subscription. A delivery publishes the state as it is when delivered, so a late or repeated one
 * never tells the other services an older state.
 */
@Injectable()
export class BillingEvents extends ServiceOutbox {
  constructor(db: DataSource, repo: BillingRepository, bus: MessageBus, @Inject(LOGGER) logger: Logger, metrics: ServiceMetrics) {
    super(
      new Outbox(db, {
        schema: 'billing',
        logger,
        deliveries: {
          [DomainEvent.SubscriptionChanged]: async ({ payload }) => {
            const now = await subscriptionStateOf(repo, (payload as SubscriptionState).userId);
            if (now) await bus.emitEvent(DomainEvent.SubscriptionChanged, now);
          },
          [DomainEvent.BillingNotice]: ({ payload }) => bus.emitEvent(DomainEvent.BillingNotice, payload as BillingNotice),
          [DomainEvent.WorkspaceActivity]: ({ payload }) => bus.emitEvent(DomainEvent.WorkspaceActivity, payload as WorkspaceActivity),
        },
      }),
      metrics,
    );
  }

  /**
   * Within the unit of work `store`: a mail to the user (the auth-service writes it), sent after
   * the commit. A notice with amounts names their currency (the account's).
   */
  async notice(store: BillingStore, notice: BillingNoticeInCurrency): Promise<void> {
    const id = await this.outbox.add(store.manager, DomainEvent.BillingNotice, notice);
    await store.afterCommit(() => this.deliver([id]));
  }

  /**
   * Within the unit of work `store`: an entry for the workspace's audit log (the auth-service keeps
   * it), naming the member acting in this request, or nobody (a renewal, the provider).
   */
  async activity(store: BillingStore, workspaceId: string, details: WorkspaceActivity['details']): Promise<void> {
    const entry: WorkspaceActivity = {
      ref: `billing:${randomUUID()}`,
      workspaceId,
      actorId: requestContext.current()?.userId ?? null,
      action: 'subscription.changed',
      details,
    };
    const id = await this.outbox.add(store.manager, DomainEvent.WorkspaceActivity, entry);
    await store.afterCommit(() => this.deliver([id]));
  }

  /** Within the unit of work `store`: the user's subscription changed to `state`; published after the commit. */
  async subscriptionChanged(store: BillingStore, state: SubscriptionState): Promise<void> {
    const id = await this.outbox.add(store.manager, DomainEvent.SubscriptionChanged, state);
    await store.afterCommit(() => this.deliver([id]));
  }
}
