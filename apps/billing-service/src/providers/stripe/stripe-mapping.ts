import type Stripe from 'stripe';
import { Currency, isCurrency, SUBSCRIPTION_STATUSES, SubscriptionStatus } from '@qrd/contracts';
import type { ProviderInvoice, ProviderSubscription } from '../payment-provider';

/**
 * Reading Stripe's objects (API 2025-08-27.basil: the billing period lives on the subscription
 * item, an invoice names its subscription under parent.subscription_details). The contract test
 * runs these over Stripe's own published examples.
 */

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

export function subscriptionStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  if ((SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) return status as SubscriptionStatus;
  throw new Error(`Unknown Stripe subscription status "${status}"`);
}

export function cardOf(method: string | Stripe.PaymentMethod | null): { brand: string; last4: string } | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4 };
}

/** Stripe writes currencies in lower case; a price in one we do not sell is a misconfigured price. */
export function currencyOf(value: string | null | undefined, what: string): Currency {
  const currency = (value ?? '').toLowerCase();
  if (isCurrency(currency)) return currency;
  throw new Error(`${what} is in "${value}", a currency without prices here`);
}

/** Our view of a Stripe subscription; `readAt` says how new the state is (event time or read time). */
export function fromStripeSubscription(sub: Stripe.Subscription, readAt: number): ProviderSubscription {
  const item = sub.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${sub.id} has no items`);
  const customerId = idOf(sub.customer);
  if (!customerId) throw new Error(`Stripe subscription ${sub.id} has no customer`);
  return {
    id: sub.id,
    customerId,
    status: subscriptionStatus(sub.status),
    interval: item.price.recurring?.interval === 'year' ? 'annual' : 'monthly',
    seats: Math.max(1, item.quantity ?? 1),
    unitAmountCents: item.price.unit_amount ?? 0,
    currency: currencyOf(item.price.currency ?? sub.currency, `Stripe subscription ${sub.id}`),
    currentPeriodEnd: item.current_period_end ? new Date(item.current_period_end * 1000) : null,
    // The Customer Portal may cancel by date (cancel_at) rather than with the flag.
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    card: cardOf(sub.default_payment_method),
    latestInvoiceId: typeof sub.latest_invoice === 'string' ? sub.latest_invoice : (sub.latest_invoice?.id ?? null),
    created: new Date(sub.created * 1000),
    readAt,
  };
}

/** The subscription an invoice bills, if any. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

const REASONS = new Set(['subscription_create', 'subscription_cycle', 'subscription_update']);

/** A paid subscription invoice as we record it (Stripe numbers it and hosts its page and PDF). */
export function fromStripeInvoice(invoice: Stripe.Invoice): ProviderInvoice | null {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!invoice.id || !subscriptionId || !invoice.billing_reason || !REASONS.has(invoice.billing_reason)) return null;
  return {
    id: invoice.id,
    subscriptionId,
    number: invoice.number,
    created: new Date(invoice.created * 1000),
    reason: invoice.billing_reason as ProviderInvoice['reason'],
    lines: invoice.lines.data.map((line) => ({
      description: line.description ?? '',
      quantity: line.quantity ?? 1,
      unitAmountCents: line.pricing?.unit_amount_decimal ? Math.round(Number(line.pricing.unit_amount_decimal)) : null,
      amountCents: line.amount,
      periodStart: new Date(line.period.start * 1000).toISOString(),
      periodEnd: new Date(line.period.end * 1000).toISOString(),
      proration: line.parent?.subscription_item_details?.proration === true,
    })),
    creditAppliedCents: Math.max(0, invoice.total - invoice.amount_due),
    amountPaidCents: invoice.amount_paid,
    currency: currencyOf(invoice.currency, `Stripe invoice ${invoice.id}`),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  };
}

/** Client secret for the Payment Element: the first invoice's confirmation secret. */
export function invoiceClientSecret(invoice: string | Stripe.Invoice | null): string | null {
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

export const SUBSCRIPTION_EVENTS = new Set<string>([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
]);

/** A schedule changed (a switch of interval planned, dropped or applied): the subscription is re-read. */
export const SCHEDULE_EVENTS = new Set<string>([
  'subscription_schedule.created',
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
]);

export const INVOICE_EVENTS = new Set<string>([
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'invoice.marked_uncollectible',
]);
