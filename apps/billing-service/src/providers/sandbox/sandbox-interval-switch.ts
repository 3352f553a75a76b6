import { DomainError, ErrorCode, SwitchTiming } from '@qrd/contracts';
import {
  chargeSavedCard,
  createInvoice,
  dropPendingUpdate,
  markInvoicePaid,
  pendingPaymentOf,
  periodLine,
  prorationLine,
  saveSubscription,
  TpPendingPayment,
} from './sandbox-billing-cycle';
import { addPeriods, INCOMPLETE_EXPIRY_SECONDS, TpCustomer, TpPendingUpdate, TpPrice, TpSubscription, Unix } from './sandbox-objects';
import { SandboxStore } from './sandbox-store';

/**
 * Monthly <-> annual, after Stripe: a change of interval resets the billing cycle, so switching now
 * credits the unused time of the old price (prorated to the second) and charges the new price's
 * whole first period at once, less that credit and any credit already on the account; a credit
 * larger than the charge stays on the account. A switch at the period end is a schedule's next
 * phase: nothing changes until the renewal, which bills the new price.
 */

export interface SandboxSwitchQuote {
  /** Unused time of the old price plus the account's credit. */
  credit: number;
  unused: number;
  amountDue: number;
  creditCarried: number;
  newPeriodEnd: Unix;
}

export function quoteIntervalSwitch(sub: TpSubscription, customer: TpCustomer, price: TpPrice, now: Unix): SandboxSwitchQuote {
  const remaining = Math.max(0, sub.current_period_end - now);
  const period = Math.max(1, sub.current_period_end - sub.current_period_start);
  const unused = Math.round((sub.price.unit_amount * sub.quantity * remaining) / period);
  const credit = unused + Math.max(0, -customer.balance);
  const net = price.unit_amount * sub.quantity - credit;
  return {
    credit,
    unused,
    amountDue: Math.max(0, net),
    creditCarried: Math.max(0, -net),
    newPeriodEnd: addPeriods(now, price.recurring.interval, 1),
  };
}

/** Stripe refuses changes of a subscription that is not in good standing; so do we, in its words. */
export function requireSwitchable(sub: TpSubscription, price: TpPrice): void {
  if (sub.status !== 'active' && sub.status !== 'trialing') {
    throw new DomainError(ErrorCode.Conflict, `A ${sub.status} subscription cannot change its billing interval`);
  }
  if (sub.price.recurring.interval === price.recurring.interval) {
    throw new DomainError(ErrorCode.Conflict, `The subscription is already billed per ${price.recurring.interval}`);
  }
}

export async function switchIntervalNow(
  store: SandboxStore,
  sub: TpSubscription,
  price: TpPrice,
  now: Unix,
): Promise<{ subscription: TpSubscription; amountCharged: number; pendingPayment: TpPendingPayment | null }> {
  requireSwitchable(sub, price);
  await dropPendingUpdate(store, sub);
  const customer = await store.require('customer', sub.customer);
  const quote = quoteIntervalSwitch(sub, customer, price, now);
  const credited = prorationLine(sub, -sub.quantity, -quote.unused, now);
  const changes: TpPendingUpdate['changes'] = {
    price,
    pending_price: null,
    billing_cycle_anchor: now,
    period_index: 0,
    current_period_start: now,
    current_period_end: quote.newPeriodEnd,
  };
  const switched: TpSubscription = { ...sub, ...changes };
  const subtotal = price.unit_amount * sub.quantity - quote.unused;
  const invoice = await createInvoice(store, switched, 'subscription_update', quote.amountDue, now, {
    lines: [credited, periodLine(switched)],
    creditApplied: Math.max(0, subtotal - quote.amountDue),
  });
  if (quote.amountDue > 0) {
    const charge = await chargeSavedCard(store, customer, invoice, now, true);
    if (charge === 'requires_action') {
      // Like pending_if_incomplete: the switch waits for the customer to authenticate the payment.
      sub.pending_update = { invoice: invoice.id, expires_at: now + INCOMPLETE_EXPIRY_SECONDS, changes, balance: -quote.creditCarried };
      sub.latest_invoice = invoice.id;
      await saveSubscription(store, sub);
      return { subscription: sub, amountCharged: 0, pendingPayment: await pendingPaymentOf(store, invoice) };
    }
    // The caller's transaction rolls back: the subscription stays as it was.
    if (charge) throw new DomainError(ErrorCode.PaymentFailed, charge.message);
  }
  Object.assign(sub, changes);
  await markInvoicePaid(store, invoice, sub);
  sub.latest_invoice = invoice.id;
  customer.balance = -quote.creditCarried;
  await store.save(customer);
  await saveSubscription(store, sub);
  return { subscription: sub, amountCharged: quote.amountDue, pendingPayment: null };
}

export async function scheduleIntervalSwitch(
  store: SandboxStore,
  sub: TpSubscription,
  price: TpPrice | null,
  when: SwitchTiming | 'cancel',
): Promise<TpSubscription> {
  if (price) requireSwitchable(sub, price);
  if (when === 'period_end' && sub.cancel_at_period_end) {
    throw new DomainError(ErrorCode.Conflict, 'The subscription ends at the period end and cannot switch then');
  }
  sub.pending_price = when === 'cancel' ? null : price;
  await saveSubscription(store, sub);
  return sub;
}
