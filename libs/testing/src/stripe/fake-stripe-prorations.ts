import type Stripe from 'stripe';
import { newId, now } from './fake-stripe-http';
import { periodLength } from './fake-stripe-schedules';
import { lineItemObject } from './stripe-billing-objects';
import { invoiceObject } from './stripe-objects';

export interface PriceChange {
  lines: Stripe.InvoiceLineItem[];
  total: number;
  periodStart: number;
  periodEnd: number;
}

/**
 * A subscription item moved to another price at `at`, as Stripe prorates it: the unused time of
 * the old price is credited (a negative proration line). A new interval resets the billing
 * cycle, so the new price's whole first period is charged from `at`; the same interval keeps the
 * period and charges the new price's remaining time.
 */
export function priceChange(
  sub: { id: string; itemId: string; quantity: number; periodStart: number; periodEnd: number },
  from: Stripe.Price,
  to: Stripe.Price,
  quantity: number,
  at: number,
  invoice: string | null,
): PriceChange {
  const length = Math.max(1, sub.periodEnd - sub.periodStart);
  const remaining = Math.max(0, sub.periodEnd - at);
  const credit = Math.round(((from.unit_amount ?? 0) * sub.quantity * remaining) / length);
  const resets = from.recurring?.interval !== to.recurring?.interval;
  const periodStart = resets ? at : sub.periodStart;
  const periodEnd = resets ? at + periodLength(to) : sub.periodEnd;
  const charge = resets ? (to.unit_amount ?? 0) * quantity : Math.round(((to.unit_amount ?? 0) * quantity * remaining) / length);
  const base = { invoice, subscription: sub.id, subscriptionItem: sub.itemId };
  const lines = [
    lineItemObject({
      ...base,
      id: newId('il'),
      price: from,
      quantity: sub.quantity,
      amount: -credit,
      proration: true,
      description: `Unused time on ${sub.quantity} × QR code`,
      periodStart: at,
      periodEnd: sub.periodEnd,
    }),
    lineItemObject({
      ...base,
      id: newId('il'),
      price: to,
      quantity,
      amount: charge,
      proration: !resets,
      description: `${quantity} × QR code`,
      periodStart: at,
      periodEnd,
    }),
  ];
  return { lines, total: charge - credit, periodStart, periodEnd };
}

/** The draft invoice a preview answers: the change's lines, paid first from the customer's credit. */
export function previewInvoice(sub: { id: string; customer: string }, change: PriceChange, balance: number): Stripe.Invoice {
  return invoiceObject({
    id: `upcoming_${newId('in')}`,
    customer: sub.customer,
    subscription: sub.id,
    billingReason: 'subscription_update',
    amountDue: Math.max(0, change.total + balance),
    amountPaid: 0,
    status: 'draft',
    created: now(),
    periodStart: change.periodStart,
    periodEnd: change.periodEnd,
    clientSecret: null,
    lines: change.lines,
    total: change.total,
    startingBalance: balance,
  });
}
