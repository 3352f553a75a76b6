import { Inject, Injectable } from '@nestjs/common';
import {
  BillingInterval,
  DomainError,
  ErrorCode,
  IntervalSwitchPreviewView,
  IntervalSwitchResultView,
  isEntitledStatus,
  SubscriptionView,
  SwitchTiming,
} from '@qrd/contracts';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { BillingRepository, BillingStore } from './billing.repository';
import { SeatsService } from './seats.service';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionSync } from './subscription-sync';

const PLAN = { monthly: 'monthly', annual: 'annual' } as const;

/**
 * Monthly <-> annual from the account page: the provider prices the switch (prorated, billing
 * cycle reset), we only check the request makes sense and keep our copy current.
 */
@Injectable()
export class IntervalSwitchService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly seats: SeatsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async preview(userId: string, interval: BillingInterval): Promise<IntervalSwitchPreviewView> {
    const sub = requireSwitchable(await this.repo.effectiveOfUser(userId), interval);
    const quote = await this.provider.previewIntervalSwitch(sub.providerSubscriptionId, interval);
    return {
      interval,
      seats: sub.seats,
      unitAmountCents: quote.unitAmountCents,
      periodAmountCents: quote.unitAmountCents * sub.seats,
      creditCents: quote.creditCents,
      currency: sub.currency,
      amountDueNowCents: quote.amountDueNowCents,
      creditCarriedCents: quote.creditCarriedCents,
      newPeriodEnd: quote.newPeriodEnd.toISOString(),
      periodEndSwitchAt: sub.currentPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    };
  }

  switch(userId: string, interval: BillingInterval, when: SwitchTiming): Promise<IntervalSwitchResultView> {
    return this.repo
      .withUserLock(userId, async (store) => {
        const sub = requireSwitchable(await store.effectiveOfUser(userId), interval);
        if (when === 'period_end' && sub.pendingInterval === interval) return { amountChargedCents: 0, pendingPayment: null };
        const { subscription, amountChargedCents, pendingPayment } = await this.provider.switchInterval(sub.providerSubscriptionId, interval, when);
        await this.sync.apply(subscription, store);
        return { amountChargedCents, pendingPayment: pendingPayment ?? null };
      })
      .then(async ({ amountChargedCents, pendingPayment }) => ({
        amountChargedCents,
        subscription: await this.seats.view(userId),
        // The switch waits for the customer to authenticate its payment; it takes effect once they do.
        authentication: pendingPayment,
      }));
  }

  async cancelSwitch(userId: string): Promise<SubscriptionView> {
    await this.repo.withUserLock(userId, async (store: BillingStore) => {
      const sub = await store.effectiveOfUser(userId);
      if (!sub?.pendingInterval) return;
      await this.sync.apply(await this.provider.cancelIntervalSwitch(sub.providerSubscriptionId), store);
    });
    return this.seats.view(userId);
  }
}

function requireSwitchable(sub: SubscriptionEntity | null, interval: BillingInterval): SubscriptionEntity {
  if (!sub || !isEntitledStatus(sub.status)) {
    const message =
      sub?.status === 'past_due' || sub?.status === 'unpaid'
        ? 'Please update your payment method before changing your billing interval.'
        : 'You have no active subscription to switch.';
    throw new DomainError(ErrorCode.Conflict, message);
  }
  if (sub.interval === interval) {
    throw new DomainError(ErrorCode.Conflict, `Your subscription is already billed ${PLAN[interval]}.`, {
      interval: 'Choose the other billing interval',
    });
  }
  if (sub.cancelAtPeriodEnd) {
    throw new DomainError(ErrorCode.Conflict, 'Your subscription is cancelled. Resume it before changing your billing interval.');
  }
  return sub;
}
