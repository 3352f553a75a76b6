import type Stripe from 'stripe';
import type { BillingInterval } from '@qrd/contracts';
import type { IntervalSwitchQuote } from '../payment-provider';
import { idOf } from './stripe-mapping';

/**
 * Monthly <-> annual on Stripe. Now: `subscriptions.update` with the other price and
 * proration_behavior=always_invoice (an interval change resets the billing cycle, so Stripe
 * credits the unused time and invoices the new period at once), payment_behavior=
 * pending_if_incomplete so a refused card changes nothing. At the period end: a subscription
 * schedule made from the subscription, its current phase ending at the period end and a second
 * phase on the new price, released afterwards (end_behavior=release).
 */

export type PriceIds = Record<BillingInterval, string>;

/** The preview invoice's figures: proration lines (negative = credit) and the new period's line. */
export function quoteFromPreview(preview: Stripe.Invoice, fallbackUnitAmount: number): IntervalSwitchQuote {
  const lines = preview.lines.data;
  const isProration = (line: Stripe.InvoiceLineItem) => line.parent?.subscription_item_details?.proration === true;
  const credit = -lines.filter((l) => l.amount < 0).reduce((sum, l) => sum + l.amount, 0);
  const accountCredit = Math.max(0, -preview.starting_balance);
  const newPeriod = lines.filter((l) => !isProration(l) && l.amount >= 0);
  const unit = newPeriod[0]?.pricing?.unit_amount_decimal;
  const net = preview.total + preview.starting_balance;
  const periodEnd = Math.max(preview.period_end, ...newPeriod.map((l) => l.period.end));
  return {
    unitAmountCents: unit ? Math.round(Number(unit)) : fallbackUnitAmount,
    creditCents: credit + accountCredit,
    amountDueNowCents: preview.amount_due,
    creditCarriedCents: Math.max(0, -net),
    newPeriodEnd: new Date(periodEnd * 1000),
  };
}

export function previewParams(sub: Stripe.Subscription, price: string, now: number): Stripe.InvoiceCreatePreviewParams {
  const item = sub.items.data[0];
  return {
    customer: idOf(sub.customer) ?? undefined,
    subscription: sub.id,
    subscription_details: {
      items: [{ id: item.id, price, quantity: item.quantity ?? 1 }],
      proration_behavior: 'always_invoice',
      proration_date: now,
    },
  };
}

export function switchNowParams(sub: Stripe.Subscription, price: string): Stripe.SubscriptionUpdateParams {
  const item = sub.items.data[0];
  return {
    items: [{ id: item.id, price, quantity: item.quantity ?? 1 }],
    proration_behavior: 'always_invoice',
    payment_behavior: 'pending_if_incomplete',
    expand: ['latest_invoice', 'default_payment_method'],
  };
}

/** The schedule's phases: the current price until the period end, then the new one for a period. */
export function schedulePhases(
  schedule: Stripe.SubscriptionSchedule,
  sub: Stripe.Subscription,
  price: string,
): Stripe.SubscriptionScheduleUpdateParams.Phase[] {
  const item = sub.items.data[0];
  const quantity = item.quantity ?? 1;
  // Stripe takes the current phase and those after it; a phase already over is left out.
  return [
    {
      items: [{ price: item.price.id, quantity }],
      start_date: schedule.current_phase?.start_date ?? item.current_period_start,
      end_date: item.current_period_end,
    },
    { items: [{ price, quantity }], iterations: 1 },
  ];
}

/** The interval a schedule moves the subscription to after its current period, or null. */
export function pendingIntervalOf(
  schedule: string | Stripe.SubscriptionSchedule | null,
  sub: Stripe.Subscription,
  prices: PriceIds,
): BillingInterval | null {
  if (!schedule || typeof schedule === 'string') return null;
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
  const periodEnd = sub.items.data[0]?.current_period_end ?? 0;
  const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
  const priceId = idOf(next?.items[0]?.price ?? null);
  const current = sub.items.data[0]?.price.id;
  if (!priceId || priceId === current) return null;
  if (priceId === prices.annual) return 'annual';
  if (priceId === prices.monthly) return 'monthly';
  return null;
}
