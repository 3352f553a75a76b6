import { BillingProvider, isEntitledStatus, redirectsEnabledFor, SubscriptionView } from '@qrd/contracts';
import type { SubscriptionEntity } from './subscription.entity';

/** GET /api/subscription's answer from our copy of the provider's subscription. */
export function toSubscriptionView(
  provider: BillingProvider,
  sub: SubscriptionEntity | null,
  seatsUsed: number,
): SubscriptionView {
  if (!sub) {
    return {
      status: null,
      provider,
      interval: null,
      seats: 0,
      seatsUsed,
      unitAmountCents: null,
      periodAmountCents: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      card: null,
      redirectsEnabled: false,
      entitled: false,
      pendingInterval: null,
      currency: null,
    };
  }
  return {
    status: sub.status,
    provider,
    interval: sub.interval,
    seats: sub.seats,
    seatsUsed,
    unitAmountCents: sub.unitAmountCents,
    periodAmountCents: sub.unitAmountCents * sub.seats,
    currentPeriodEnd: sub.currentPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    card: sub.cardBrand && sub.cardLast4 ? { brand: sub.cardBrand, last4: sub.cardLast4 } : null,
    redirectsEnabled: redirectsEnabledFor(sub.status),
    entitled: isEntitledStatus(sub.status),
    pendingInterval: sub.pendingInterval,
    // Fixed at the first payment: a subscription still waiting for it has not fixed anything yet.
    currency: sub.status === 'incomplete' || sub.status === 'incomplete_expired' ? null : sub.currency,
  };
}
