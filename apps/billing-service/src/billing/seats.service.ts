import { Inject, Injectable } from '@nestjs/common';
import {
  BillingRequests,
  BillingPattern,
  DomainError,
  ErrorCode,
  formatMoney,
  isEntitledStatus,
  PurchaseResultView,
  QrPattern,
  SubscriptionView,
} from '@qrd/contracts';
import { requestContext } from '@qrd/config';
import { MessageBus } from '@qrd/messaging';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { BillingEvents } from './billing-events';
import { BillingRepository, BillingStore, pickEffective } from './billing.repository';
import type { SubscriptionEntity } from './subscription.entity';
import { SubscriptionSync } from './subscription-sync';
import { toSubscriptionView } from './subscription-view';

type Entitlement = BillingRequests[BillingPattern.Entitlement]['res'];

/** A bulk import holds at most 100,000 rows (BULK_IMPORT_MAX_ROWS); no single purchase adds more codes than that. */
const MAX_CODES_PER_PURCHASE = 100_000;

/**
 * Seats: one per code. Buying one more and using them. A paid seat stays until its period ends:
 * a deleted code leaves it free for the next code, and the renewal drops seats no code uses
 * (SeatRenewals). Seats therefore never shrink during a period, which the qr-service relies on.
 */
@Injectable()
export class SeatsService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly bus: MessageBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly events: BillingEvents,
  ) {}

  /** The qr-service asks before creating a code: a subscription in good standing with a free seat. */
  async entitlement(userId: string, codesInUse: number): Promise<Entitlement> {
    const sub = await this.repo.effectiveOfUser(userId);
    if (!sub) return { allowed: false, reason: 'no-subscription', status: null, seats: 0 };
    if (!isEntitledStatus(sub.status)) return { allowed: false, reason: 'no-subscription', status: sub.status, seats: sub.seats };
    if (codesInUse >= sub.seats) return { allowed: false, reason: 'no-free-seat', status: sub.status, seats: sub.seats };
    return { allowed: true, reason: 'ok', status: sub.status, seats: sub.seats };
  }

  async view(userId: string): Promise<SubscriptionView> {
    const [sub, used] = await Promise.all([this.repo.effectiveOfUser(userId), this.codesInUse(userId)]);
    return toSubscriptionView(this.provider.name, sub, used);
  }

  /**
   * Room for `codes` more codes (one by default; a bulk import asks for all of its rows at once)
   * at the server's price. Free seats already there are used first (so a repeated click never
   * buys two); the quantity goes up by what is still missing, in one prorated change that is kept
   * only if its payment succeeds. A purchase sent again with the same idempotency key answers
   * what the first one did and charges nothing more. A caller that gave up before the change is
   * made (its deadline passed while waiting for the lock) is never charged.
   */
  async purchase(userId: string, expectedUnitAmountCents: number | null, idempotencyKey?: string, codes = 1, forImport?: string): Promise<PurchaseResultView> {
    if (!Number.isInteger(codes) || codes < 1 || codes > MAX_CODES_PER_PURCHASE) {
      throw new DomainError(ErrorCode.Validation, `A purchase adds from 1 to ${MAX_CODES_PER_PURCHASE} QR codes.`);
    }
    // Asked before the lock, never while holding it: the qr-service may itself be waiting on this
    // service (a subscription.changed it is applying asks for the entitlement), and a worker that
    // holds a user's lock while waiting on it stalls every purchase behind that lock until the
    // deadlines pass (50 purchases of 10 users at once answered 504). A code created in between
    // leaves at worst no free seat for the next code, which is bought again then.
    // A bulk import's own rows already hold seats: they are the `codes` asked for, not counted twice.
    const used = await this.codesInUse(userId, forImport);
    return this.repo.withUserLock(userId, async (store) => {
      const earlierResult = idempotencyKey ? await store.purchaseByKey(userId, idempotencyKey) : null;
      if (earlierResult && !earlierResult.authentication) return earlierResult;
      const sub = await store.effectiveOfUser(userId);
      if (!sub || !isEntitledStatus(sub.status)) {
        throw new DomainError(ErrorCode.PaymentRequired, 'An active subscription is required to add QR codes.');
      }
      // A new attempt after an authentication that failed is a new request to the provider.
      let attempt = '';
      if (earlierResult?.authentication && idempotencyKey) {
        // The seat waited for the customer to authenticate its payment: finish it from the provider's state.
        const finished = await this.finishAuthenticated(userId, idempotencyKey, earlierResult, sub, used, store);
        if (finished) return finished;
        attempt = `:after:${earlierResult.authentication.clientSecret.split('_secret_')[0]}`;
      }
      if (expectedUnitAmountCents !== null && expectedUnitAmountCents !== sub.unitAmountCents) {
        throw new DomainError(
          ErrorCode.Conflict,
          `The price has changed: a QR code costs ${formatMoney(sub.unitAmountCents, sub.currency, 'en-US')} per ${sub.interval === 'annual' ? 'year' : 'month'}. Please review the new total and confirm again.`,
          { price: 'The price does not match the current price' },
        );
      }
      let result: PurchaseResultView;
      const needed = used + codes;
      if (sub.seats >= needed) {
        result = { charged: false, amountChargedCents: 0, subscription: toSubscriptionView(this.provider.name, sub, used) };
      } else {
        // The last moment to give up: past it the provider is charged, so a caller that is gone must not get here.
        if ((requestContext.remainingMs() ?? 1) <= 0) throw new DomainError(ErrorCode.Timeout, 'The purchase took too long and was not made. Please try again.');
        const { subscription, amountChargedCents, pendingPayment } = await this.provider.changeSeats(sub.providerSubscriptionId, needed, {
          idempotencyKey: idempotencyKey ? `seat-purchase:${userId}:${idempotencyKey}${attempt}` : undefined,
        });
        const saved = await this.sync.apply(subscription, store);
        result = {
          charged: amountChargedCents > 0,
          amountChargedCents,
          subscription: toSubscriptionView(this.provider.name, saved ?? sub, used),
          authentication: pendingPayment ?? null,
        };
      }
      if (idempotencyKey) await store.recordPurchase(userId, idempotencyKey, result);
      return result;
    });
  }

  /**
   * A purchase sent again after the bank's 3-D Secure step: the provider says whether the payment
   * went through (the seat is there: the purchase is complete and recorded as charged), still waits
   * (the same challenge is answered again), or failed (null: nothing was bought; a new attempt is made).
   */
  private async finishAuthenticated(
    userId: string,
    idempotencyKey: string,
    earlier: PurchaseResultView,
    sub: SubscriptionEntity,
    used: number,
    store: BillingStore,
  ): Promise<PurchaseResultView | null> {
    const authentication = earlier.authentication;
    if (!authentication) return earlier;
    const payment = await this.provider.paymentStatus(authentication.clientSecret);
    if (payment.status === 'requires_action') return earlier;
    if (payment.status !== 'succeeded' && payment.status !== 'processing') {
      await store.forgetPurchase(userId, idempotencyKey);
      return null;
    }
    const fresh = await this.provider.getSubscription(sub.providerSubscriptionId);
    const saved = fresh ? await this.sync.apply(fresh, store) : null;
    const result: PurchaseResultView = {
      charged: true,
      amountChargedCents: authentication.amountCents,
      subscription: toSubscriptionView(this.provider.name, saved ?? sub, used),
      authentication: null,
    };
    await store.recordPurchase(userId, idempotencyKey, result);
    return result;
  }

  /**
   * An account deleted: its subscriptions end now (nothing more is charged), and the billing
   * records no longer name the user. The customers are detached before the cancellations are
   * stored, in one unit of work, so no state of a user who no longer exists is published.
   */
  async onUserDeleted(userId: string): Promise<void> {
    await this.repo.withUserLock(userId, async (store) => {
      const ended = [];
      for (const sub of await store.subscriptionsOfUser(userId)) {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
        ended.push(await this.provider.cancelNow(sub.providerSubscriptionId));
      }
      await store.detachUser(userId);
      for (const snapshot of ended) await this.sync.apply(snapshot, store);
    });
    await this.events.forgetUser(userId);
  }

  async plansForUsers(userIds: string[]): Promise<BillingRequests[BillingPattern.PlansForUsers]['res']> {
    const byUser = await this.repo.subscriptionsOfUsers(userIds);
    const out: BillingRequests[BillingPattern.PlansForUsers]['res'] = {};
    for (const userId of userIds) {
      const sub = pickEffective(byUser.get(userId) ?? []);
      out[userId] = sub ? { status: sub.status, interval: sub.interval, seats: sub.seats } : null;
    }
    return out;
  }

  private async codesInUse(userId: string, exceptImport?: string): Promise<number> {
    return (await this.bus.request(QrPattern.CountCodes, exceptImport ? { userId, exceptImport } : { userId })).count;
  }
}
