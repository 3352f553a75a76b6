import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { AuthPattern, formatMoney, QrPattern, ReconcileCheck, redirectsEnabledFor } from '@qrd/contracts';
import { MessageBus, REDIS, ServiceReconciler } from '@qrd/messaging';
import { ServiceMetrics } from '@qrd/observability';
import { PAYMENT_PROVIDER, PaymentProvider, ProviderSubscription } from '../providers/payment-provider';
import { BillingRepository } from './billing.repository';
import { SeatRenewals } from './seat-renewals';
import { SeatsService } from './seats.service';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionSync } from './subscription-sync';

const MAX_DETAILS = 20;
/** Users asked of the auth-service at once (its page size limit). */
const ACCOUNT_PAGE = 100;
/** A paid signup whose account was not created (or linked) within this is taken as abandoned. */
const SIGNUP_CLAIM_HOURS = 24;

/** What differs between our copy of a subscription and the provider's, as "field ours -> theirs". */
export function subscriptionDifferences(held: SubscriptionEntity, fresh: ProviderSubscription): string[] {
  const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : 'none');
  const pairs: [string, string | number | boolean, string | number | boolean][] = [
    ['status', held.status, fresh.status],
    ['seats', held.seats, fresh.seats],
    ['interval', held.interval, fresh.interval],
    ['cancel at period end', held.cancelAtPeriodEnd, fresh.cancelAtPeriodEnd],
    ['period end', day(held.currentPeriodEnd), day(fresh.currentPeriodEnd)],
  ];
  return pairs.filter(([, ours, theirs]) => ours !== theirs).map(([field, ours, theirs]) => `${field} ${ours} -> ${theirs}`);
}

/**
 * Seats paid against codes held, for every user whose subscription runs their codes. Seats no code
 * uses are the customer's until the period ends (the renewal drops them, see SeatRenewals). Fewer
 * seats than codes is never "repaired" by charging anyone: it is reported for a person to look at.
 */
@Injectable()
export class SeatReconciler extends ServiceReconciler {
  constructor(
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly seatsService: SeatsService,
    private readonly renewals: SeatRenewals,
    private readonly bus: MessageBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(REDIS) redis: IORedis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    metrics: ServiceMetrics,
  ) {
    super('billing', { redis, config, logger, metrics });
  }

  protected async checks(): Promise<ReconcileCheck[]> {
    return [await this.subscriptions(), await this.accounts(), await this.seats(), await this.signups()];
  }

  /**
   * Live subscriptions of workspaces that no longer exist (a `user.deleted` or `workspace.deleted` whose handling kept
   * failing, the provider away for longer than its retries): ended now and detached, as the event
   * would have done. The auth-service is asked which of the workspaces still exist, a page at a time.
   */
  private async accounts(): Promise<ReconcileCheck> {
    const result: ReconcileCheck = { check: 'accounts', checked: 0, repaired: 0, needsAttention: 0, details: [] };
    const userIds = await this.repo.usersWithLiveSubscriptions();
    for (let i = 0; i < userIds.length; i += ACCOUNT_PAGE) {
      const ids = userIds.slice(i, i + ACCOUNT_PAGE);
      // Subscriptions belong to workspaces (a personal one's id is its account's).
      const existing = new Set((await this.bus.request(AuthPattern.ExistingWorkspaces, { ids })).ids);
      result.checked += ids.length;
      for (const userId of ids.filter((id) => !existing.has(id))) {
        await this.seatsService.onUserDeleted(userId);
        result.repaired += 1;
        if (result.details.length < MAX_DETAILS) result.details.push(`workspace ${userId} no longer exists: subscription ended and billing records detached`);
      }
    }
    return result;
  }

  /**
   * Paid signups with no account a day later (the account could not be created, and the payer did
   * not come back with the same payment): the payment is refunded, then the subscription cancelled
   * so it never renews. Refunding first means a cancellation that fails is retried with the refund
   * already made (a repeat refunds nothing), and a refund is never skipped by a subscription that
   * no longer looks live.
   */
  private async signups(): Promise<ReconcileCheck> {
    const result: ReconcileCheck = { check: 'signups', checked: 0, repaired: 0, needsAttention: 0, details: [] };
    for (const signup of await this.repo.unclaimedPaidSignups(SIGNUP_CLAIM_HOURS)) {
      result.checked += 1;
      const refunded = await this.provider.refundPayments(signup.providerSubscriptionId);
      await this.sync.apply(await this.provider.cancelNow(signup.providerSubscriptionId));
      result.repaired += 1;
      if (result.details.length < MAX_DETAILS) {
        result.details.push(
          `paid signup of ${signup.email} on ${signup.createdAt.toISOString().slice(0, 10)} has no account: ${formatMoney(refunded, signup.currency, 'en-US')} refunded, subscription ${signup.providerSubscriptionId} cancelled`,
        );
      }
    }
    return result;
  }

  /**
   * Our copy of each live subscription against the provider's (a provider event that never
   * arrived leaves ours behind): where they differ, the provider's state is applied, which also
   * tells the other services (codes stop or start with it).
   */
  private async subscriptions(): Promise<ReconcileCheck> {
    const result: ReconcileCheck = { check: 'subscriptions', checked: 0, repaired: 0, needsAttention: 0, details: [] };
    const note = (line: string) => result.details.length < MAX_DETAILS && result.details.push(line);
    for (const held of await this.repo.liveSubscriptions(this.provider.name)) {
      result.checked += 1;
      const fresh = await this.provider.getSubscription(held.providerSubscriptionId);
      if (!fresh) {
        result.needsAttention += 1;
        note(`subscription ${held.providerSubscriptionId} is ${held.status} here but unknown to the provider`);
        continue;
      }
      const differences = subscriptionDifferences(held, fresh);
      if (differences.length === 0) continue;
      await this.sync.apply(fresh);
      result.repaired += 1;
      note(`subscription ${held.providerSubscriptionId}: ${differences.join(', ')} (as the provider has it)`);
    }
    return result;
  }

  /**
   * Renewals whose unused seats were not dropped yet (the step after a renewal failed, or the
   * service stopped in between) are settled now; then seats against codes.
   */
  private async seats(): Promise<ReconcileCheck> {
    const result: ReconcileCheck = { check: 'seats', checked: 0, repaired: 0, needsAttention: 0, details: [] };
    const note = (line: string) => result.details.length < MAX_DETAILS && result.details.push(line);
    for (const line of await this.renewals.run()) {
      result.repaired += 1;
      note(line);
    }
    for (const userId of await this.repo.usersWithLiveSubscriptions()) {
      result.checked += 1;
      const { count: codes } = await this.bus.request(QrPattern.CountCodes, { userId });
      const sub = await this.repo.effectiveOfUser(userId);
      if (!sub || !redirectsEnabledFor(sub.status)) continue;
      if (sub.seats < codes) {
        result.needsAttention += 1;
        note(`user ${userId}: holds ${codes} codes with ${sub.seats} seats paid`);
      }
    }
    return result;
  }
}
