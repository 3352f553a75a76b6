import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import { isEntitledStatus, redirectsEnabledFor, SubscriptionState } from '@qrd/contracts';
import { PAYMENT_PROVIDER, PaymentProvider, ProviderSubscription } from '../providers/payment-provider';
import { InvoiceRecorder } from '../invoices/invoice-recorder';
import { BillingEvents, subscriptionStateOf } from './billing-events';
import { BillingRepository, BillingStore } from './billing.repository';
import { SubscriptionEntity } from './subscription.entity';
import { recordSeatRenewal } from './seat-renewal.record';

interface HeldState {
  status: string;
  cancelAtPeriodEnd: boolean;
  seats: number;
  interval: string;
  pendingInterval: string | null;
  card: string | null;
}

/** What the workspace's audit log says of a subscription's change (null: nothing a person would notice). */
export function describeChange(was: HeldState | null, now: SubscriptionEntity): string | null {
  if (!was) return 'subscription started';
  const changes: string[] = [];
  if (was.status !== now.status) changes.push(`status ${was.status} to ${now.status}`);
  if (now.seats > was.seats) changes.push(`seats added (${was.seats} to ${now.seats})`);
  if (now.seats < was.seats) changes.push(`seats removed (${was.seats} to ${now.seats})`);
  if (!was.cancelAtPeriodEnd && now.cancelAtPeriodEnd) changes.push('cancellation at the period end');
  if (was.cancelAtPeriodEnd && !now.cancelAtPeriodEnd) changes.push('cancellation withdrawn');
  if (was.interval !== now.interval) changes.push(`billed ${now.interval === 'annual' ? 'yearly' : 'monthly'}`);
  if (was.pendingInterval !== now.pendingInterval) {
    changes.push(now.pendingInterval ? `switch to ${now.pendingInterval === 'annual' ? 'yearly' : 'monthly'} billing at renewal` : 'interval switch withdrawn');
  }
  if (was.card && now.cardLast4 && was.card !== now.cardLast4) changes.push('payment method changed');
  return changes.length ? changes.join('; ') : null;
}

/**
 * Keeps our copy of provider subscriptions current and tells the other services: every change of
 * a user's effective subscription is published as `subscription.changed` (the qr-service turns
 * redirects off and on from it).
 */
@Injectable()
export class SubscriptionSync {
  constructor(
    private readonly repo: BillingRepository,
    private readonly events: BillingEvents,
    private readonly invoices: InvoiceRecorder,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Re-reads a subscription from the provider and applies it (inside `store`'s unit of work when given). */
  async refresh(providerSubscriptionId: string, store?: BillingStore): Promise<SubscriptionEntity | null> {
    const fresh = await this.provider.getSubscription(providerSubscriptionId);
    return fresh ? this.apply(fresh, store) : null;
  }

  /**
   * A subscription as an event carried it. Events can arrive late and out of order: one created
   * no later than the state we hold may describe an older state, so the subscription is re-read
   * from the provider instead of trusting the payload.
   */
  async applyFromEvent(snapshot: ProviderSubscription, store?: BillingStore): Promise<SubscriptionEntity | null> {
    const held = await (store ?? this.repo).subscriptionByProviderId(this.provider.name, snapshot.id);
    if (held && snapshot.readAt <= held.stateAt) return this.refresh(snapshot.id, store);
    return this.apply(snapshot, store);
  }

  /**
   * Stores a provider state newer than the one held, then publishes the owner's state if it
   * changed, once the change has committed. Runs under the owner's billing lock and the row's lock
   * (in `store`'s unit of work, or a unit of its own), so two states applied at once never lose one.
   */
  async apply(snapshot: ProviderSubscription, store?: BillingStore): Promise<SubscriptionEntity | null> {
    if (!store) return this.repo.transaction((own) => this.apply(snapshot, own));
    const customer = await store.customerByProviderId(this.provider.name, snapshot.customerId);
    if (!customer) {
      this.logger.warn({ subscription: snapshot.id }, 'subscription of an unknown customer ignored');
      return null;
    }
    if (customer.userId) await store.lockUser(customer.userId);
    const before = customer.userId ? await this.stateOf(customer.userId, store) : null;
    const row = await store.lockSubscription({
      customerId: customer.id,
      provider: this.provider.name,
      providerSubscriptionId: snapshot.id,
      providerCreatedAt: snapshot.created,
      status: snapshot.status,
      interval: snapshot.interval,
      seats: snapshot.seats,
      unitAmountCents: snapshot.unitAmountCents,
      currency: snapshot.currency,
    });
    if (snapshot.readAt < row.stateAt) return row;
    const was = row.stateAt > 0 ? { status: row.status, cancelAtPeriodEnd: row.cancelAtPeriodEnd, periodEnd: row.currentPeriodEnd } : null;
    const held: HeldState | null =
      row.stateAt > 0
        ? { status: row.status, cancelAtPeriodEnd: row.cancelAtPeriodEnd, seats: row.seats, interval: row.interval, pendingInterval: row.pendingInterval, card: row.cardLast4 }
        : null;
    row.status = snapshot.status;
    row.interval = snapshot.interval;
    row.seats = snapshot.seats;
    row.unitAmountCents = snapshot.unitAmountCents;
    row.currency = snapshot.currency;
    row.currentPeriodEnd = snapshot.currentPeriodEnd;
    row.cancelAtPeriodEnd = snapshot.cancelAtPeriodEnd;
    // Undefined: the snapshot (an event payload) does not say; keep what a full read told us.
    if (snapshot.pendingInterval !== undefined) row.pendingInterval = snapshot.pendingInterval;
    // Event payloads name the card without its details: keep what a full read told us.
    if (snapshot.card) {
      row.cardBrand = snapshot.card.brand;
      row.cardLast4 = snapshot.card.last4;
    }
    row.stateAt = Math.max(row.stateAt, snapshot.readAt);
    const saved = await store.saveSubscription(row);
    // The first payment (a subscription past its first invoice) fixes the account's currency.
    if (saved.status !== 'incomplete' && saved.status !== 'incomplete_expired') await store.fixCurrency(customer, saved.currency);
    await this.invoices.record(customer, snapshot.id, snapshot.latestInvoiceId, store);
    if (customer.userId && was) await this.noticeChange(customer.userId, was, saved, store);
    const periodEnd = saved.currentPeriodEnd;
    const renewed = was?.periodEnd && isEntitledStatus(was.status) && periodEnd && periodEnd > was.periodEnd;
    if (customer.userId && renewed && periodEnd && redirectsEnabledFor(saved.status)) {
      // A period that ran was followed by a new one (not a first payment: incomplete -> active):
      // its seats no code uses are dropped by SeatRenewals once this has committed.
      await recordSeatRenewal(store, {
        userId: customer.userId,
        providerSubscriptionId: saved.providerSubscriptionId,
        periodEnd: periodEnd.toISOString(),
      });
    }
    if (customer.userId) await this.publishIfChanged(customer.userId, before, store);
    // The workspace's audit log hears of it last: what stops or restarts codes goes first.
    const change = customer.userId ? describeChange(held, saved) : null;
    if (customer.userId && change) {
      await this.events.activity(store, customer.userId, { change, seats: saved.seats, interval: saved.interval, to: saved.status });
    }
    return saved;
  }

  /** Mails that follow a change of one subscription: cancelled at the period end, a renewal refused. */
  private async noticeChange(
    userId: string,
    was: { status: string; cancelAtPeriodEnd: boolean },
    now: SubscriptionEntity,
    store: BillingStore,
  ): Promise<void> {
    if (!was.cancelAtPeriodEnd && now.cancelAtPeriodEnd && redirectsEnabledFor(now.status)) {
      await this.events.notice(store, {
        kind: 'cancellation-confirmed',
        userId,
        endsAt: now.currentPeriodEnd ? now.currentPeriodEnd.toISOString() : null,
        seats: now.seats,
        currency: now.currency,
      });
    }
    if (isEntitledStatus(was.status) && now.status === 'past_due') {
      await this.events.notice(store, { kind: 'payment-failed', userId, amountDueCents: now.seats * now.unitAmountCents, seats: now.seats, currency: now.currency });
    }
  }

  /**
   * Publishes the user's state (after linking a signup customer, or when `before` differs) through
   * the outbox: recorded in the unit of work `store` (one of its own when none is given), delivered
   * once it has committed.
   */
  async publishIfChanged(userId: string, before: SubscriptionState | null, store?: BillingStore): Promise<void> {
    if (!store?.inTransaction) return this.repo.transaction((own) => this.publishIfChanged(userId, before, own));
    const after = await this.stateOf(userId, store);
    if (!after) return;
    if (
      before &&
      before.status === after.status &&
      before.seats === after.seats &&
      before.redirectsEnabled === after.redirectsEnabled
    ) {
      return;
    }
    await this.events.subscriptionChanged(store, after);
    // The owner's codes stopped or came back: they hear it by mail.
    if (before && before.redirectsEnabled !== after.redirectsEnabled) {
      await this.events.notice(store, {
        kind: after.redirectsEnabled ? 'codes-restored' : 'subscription-ended',
        userId,
        seats: after.seats,
      });
    }
    this.logger.info({ userId, status: after.status, seats: after.seats }, 'subscription changed');
  }

  stateOf(userId: string, store: BillingStore = this.repo): Promise<SubscriptionState | null> {
    return subscriptionStateOf(store, userId);
  }
}
