import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { formatCents, QrPattern, ReconcileCheck, redirectsEnabledFor } from '@qrd/contracts';
import { MessageBus, Reconciliation, REDIS } from '@qrd/messaging';
import { ServiceMetrics } from '@qrd/observability';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { BillingRepository } from './billing.repository';
import { SubscriptionSync } from './subscription-sync';

const MAX_DETAILS = 20;
/** A paid signup whose account was not created (or linked) within this is taken as abandoned. */
const SIGNUP_CLAIM_HOURS = 24;

/**
 * Seats paid against codes held, for every user whose subscription runs their codes. A customer
 * never pays for more seats than max(1, codes held): extra seats (a deletion whose event was lost,
 * say) are credited at once, as a deletion would. Fewer seats than codes is never "repaired" by
 * charging anyone: it is reported for a person to look at.
 */
@Injectable()
export class SeatReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly reconciliation: Reconciliation;

  constructor(
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly bus: MessageBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(REDIS) redis: IORedis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    metrics: ServiceMetrics,
  ) {
    this.reconciliation = new Reconciliation({
      service: 'billing',
      redis,
      redisPrefix: config.redisPrefix,
      everyMs: config.reconcileEveryMs,
      logger,
      metrics,
      checks: async () => [await this.seats(), await this.signups()],
    });
  }

  onApplicationBootstrap(): void {
    this.reconciliation.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.reconciliation.stop();
  }

  run(): Promise<ReconcileCheck[]> {
    return this.reconciliation.run();
  }

  /**
   * Paid signups with no account a day later (the account could not be created, and the payer did
   * not come back with the same payment): the subscription is cancelled at once so it never renews,
   * and the payment is reported for a refund.
   */
  private async signups(): Promise<ReconcileCheck> {
    const result: ReconcileCheck = { check: 'signups', checked: 0, repaired: 0, needsAttention: 0, details: [] };
    for (const signup of await this.repo.unclaimedPaidSignups(SIGNUP_CLAIM_HOURS)) {
      result.checked += 1;
      await this.sync.apply(await this.provider.cancelNow(signup.providerSubscriptionId));
      result.repaired += 1;
      result.needsAttention += 1;
      if (result.details.length < MAX_DETAILS) {
        result.details.push(
          `paid signup of ${signup.email} on ${signup.createdAt.toISOString().slice(0, 10)} has no account: subscription ${signup.providerSubscriptionId} cancelled; refund ${formatCents(signup.seats * signup.unitAmountCents)}`,
        );
      }
    }
    return result;
  }

  private async seats(): Promise<ReconcileCheck> {
    const result: ReconcileCheck = { check: 'seats', checked: 0, repaired: 0, needsAttention: 0, details: [] };
    const note = (line: string) => result.details.length < MAX_DETAILS && result.details.push(line);
    for (const userId of await this.repo.usersWithLiveSubscriptions()) {
      result.checked += 1;
      const { count: codes } = await this.bus.request(QrPattern.CountCodes, { userId });
      await this.repo.withUserLock(userId, async (store) => {
        const sub = await store.effectiveOfUser(userId);
        if (!sub || !redirectsEnabledFor(sub.status)) return;
        const owed = Math.max(1, codes);
        if (sub.seats > owed) {
          const { subscription } = await this.provider.changeSeats(sub.providerSubscriptionId, owed, {
            idempotencyKey: `seat-reconcile:${sub.id}:${sub.seats}:${owed}`,
          });
          await this.sync.apply(subscription, store);
          result.repaired += 1;
          note(`user ${userId}: paid ${sub.seats} seats for ${codes} codes; now ${owed} (the difference credited)`);
        } else if (sub.seats < codes) {
          result.needsAttention += 1;
          note(`user ${userId}: holds ${codes} codes with ${sub.seats} seats paid`);
        }
      });
    }
    return result;
  }
}
