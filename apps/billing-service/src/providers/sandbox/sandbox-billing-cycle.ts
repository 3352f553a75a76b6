import { type Currency, formatMoney } from '@qrd/contracts';
import { chargeResult, CARD_ERRORS, CardError } from './sandbox-cards';
import {
  addPeriods,
  DAY,
  INCOMPLETE_EXPIRY_SECONDS,
  InvoiceBillingReason,
  RETRY_DELAYS_DAYS,
  TpCustomer,
  TpInvoice,
  TpInvoiceLine,
  TpPaymentIntent,
  TpSubscription,
  Unix,
} from './sandbox-objects';
import { newClientSecret, SandboxStore } from './sandbox-store';

/**
 * Invoices, charges and what the clock does to a subscription, after Stripe Billing: renewal
 * invoices charged off-session, failed renewals -> past_due with retries after 3, 5 and 7 days,
 * then unpaid; cancel_at_period_end -> canceled at the period end; an unpaid first invoice ->
 * incomplete_expired after 23 hours.
 */

export async function createInvoice(
  store: SandboxStore,
  sub: TpSubscription,
  reason: InvoiceBillingReason,
  amount: number,
  now: Unix,
  detail: { lines: TpInvoiceLine[]; creditApplied?: number } = { lines: [] },
): Promise<TpInvoice> {
  const invoice: TpInvoice = {
    id: SandboxStore.newId('invoice'),
    object: 'invoice',
    customer: sub.customer,
    subscription: sub.id,
    billing_reason: reason,
    amount_due: amount,
    amount_paid: 0,
    status: 'open',
    payment_intent: null,
    attempt_count: 0,
    next_payment_attempt: null,
    created: now,
    period_start: sub.current_period_start,
    period_end: sub.current_period_end,
    currency: currencyOf(sub),
    lines: detail.lines,
    credit_applied: detail.creditApplied ?? 0,
  };
  await store.save(invoice);
  return invoice;
}

/** The line of a whole period: every seat at the subscription's price. */
export function periodLine(sub: TpSubscription): TpInvoiceLine {
  return {
    description: `${sub.quantity} × QR code (at ${money(sub.price.unit_amount, currencyOf(sub))} / ${sub.price.recurring.interval})`,
    quantity: sub.quantity,
    unit_amount: sub.price.unit_amount,
    amount: sub.price.unit_amount * sub.quantity,
    period_start: sub.current_period_start,
    period_end: sub.current_period_end,
    proration: false,
  };
}

/** Seats added (or, negative, credited) for the rest of the current period. */
export function prorationLine(sub: TpSubscription, seats: number, amount: number, from: Unix): TpInvoiceLine {
  const what = seats > 0 ? 'Remaining time on' : 'Unused time on';
  return {
    description: `${what} ${Math.abs(seats)} × QR code (at ${money(sub.price.unit_amount, currencyOf(sub))} / ${sub.price.recurring.interval})`,
    quantity: Math.abs(seats),
    unit_amount: null,
    amount,
    period_start: from,
    period_end: sub.current_period_end,
    proration: true,
  };
}

/** Stripe's line descriptions name amounts in the currency: "$3.49", "€3.49", "£2.99". */
export function money(cents: number, currency: Currency = 'usd'): string {
  return formatMoney(cents, currency, 'en-US');
}

/** A subscription's currency (those stored before currencies were US dollars). */
export function currencyOf(sub: TpSubscription): Currency {
  return sub.price.currency ?? 'usd';
}

/** A payment intent waiting for the customer's card (the first invoice, paid through the card form). */
export async function createPaymentIntent(store: SandboxStore, invoice: TpInvoice, now: Unix): Promise<TpPaymentIntent> {
  const id = SandboxStore.newId('payment_intent');
  const intent: TpPaymentIntent = {
    id,
    object: 'payment_intent',
    amount: invoice.amount_due,
    currency: invoice.currency ?? 'usd',
    customer: invoice.customer,
    invoice: invoice.id,
    status: 'requires_payment_method',
    client_secret: newClientSecret(id),
    payment_method: null,
    last_payment_error: null,
    next_action: null,
    off_session: false,
    created: now,
  };
  invoice.payment_intent = id;
  await store.save(intent);
  await store.save(invoice);
  return intent;
}

export async function markInvoicePaid(store: SandboxStore, invoice: TpInvoice, sub: TpSubscription): Promise<void> {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.next_payment_attempt = null;
  sub.open_invoices = sub.open_invoices.filter((id) => id !== invoice.id);
  await store.save(invoice);
}

/**
 * Charges the customer's default card for an invoice without the customer present.
 * Returns null on success, else Stripe's card error.
 */
export async function chargeOffSession(
  store: SandboxStore,
  customer: TpCustomer,
  invoice: TpInvoice,
  now: Unix,
): Promise<CardError | null> {
  const charge = await chargeSavedCard(store, customer, invoice, now, false);
  return charge === 'requires_action' ? CARD_ERRORS.authenticationRequired : charge;
}

/**
 * Charges the customer's default card for an invoice. With the customer at the page (a seat
 * bought, a plan switched), a card that always asks for 3-D Secure leaves the payment intent in
 * requires_action for the customer to answer; otherwise null on success, else Stripe's card error.
 */
export async function chargeSavedCard(
  store: SandboxStore,
  customer: TpCustomer,
  invoice: TpInvoice,
  now: Unix,
  customerPresent: boolean,
): Promise<CardError | null | 'requires_action'> {
  invoice.attempt_count += 1;
  const methodId = customer.invoice_settings.default_payment_method;
  const method = methodId ? await store.get('payment_method', methodId) : null;
  const result = !method
    ? CARD_ERRORS.noPaymentMethod
    : customerPresent && method.behaviour === 'authenticate_always'
      ? 'requires_action'
      : chargeResult(method.behaviour, true);
  const id = SandboxStore.newId('payment_intent');
  const error = typeof result === 'object' ? result : null;
  await store.save({
    id,
    object: 'payment_intent',
    amount: invoice.amount_due,
    currency: invoice.currency ?? 'usd',
    customer: customer.id,
    invoice: invoice.id,
    status: result === 'succeeded' ? 'succeeded' : result === 'requires_action' ? 'requires_action' : 'requires_payment_method',
    client_secret: newClientSecret(id),
    payment_method: methodId,
    last_payment_error: error,
    next_action: result === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
    off_session: !customerPresent,
    created: now,
  });
  invoice.payment_intent = id;
  await store.save(invoice);
  if (result === 'succeeded') return null;
  if (result === 'requires_action') return 'requires_action';
  return error ?? CARD_ERRORS.declined;
}

/** What a change waiting for the customer's authentication answers: the payment to authenticate. */
export interface TpPendingPayment {
  clientSecret: string;
  amount: number;
}

/** The intent of an invoice whose payment waits for the customer, as the client secret to answer with. */
export async function pendingPaymentOf(store: SandboxStore, invoice: TpInvoice): Promise<TpPendingPayment> {
  const intent = invoice.payment_intent ? await store.get('payment_intent', invoice.payment_intent) : null;
  if (!intent) throw new Error(`Test invoice ${invoice.id} has no payment intent`);
  return { clientSecret: intent.client_secret, amount: invoice.amount_due };
}

/**
 * Drops a change still waiting for authentication (a new change replaces it, or the customer
 * failed the bank's check): its invoice is voided and its payment canceled; nothing was charged.
 */
export async function dropPendingUpdate(store: SandboxStore, sub: TpSubscription): Promise<void> {
  const pending = sub.pending_update;
  if (!pending) return;
  sub.pending_update = null;
  const invoice = await store.get('invoice', pending.invoice);
  if (invoice && invoice.status === 'open') {
    invoice.status = 'void';
    await store.save(invoice);
    const intent = invoice.payment_intent ? await store.get('payment_intent', invoice.payment_intent) : null;
    if (intent && intent.status !== 'succeeded') {
      intent.status = 'canceled';
      intent.next_action = null;
      await store.save(intent);
    }
  }
}

/** When the clock next has work for this subscription (null: never). */
export async function dueAt(store: SandboxStore, sub: TpSubscription): Promise<Unix | null> {
  switch (sub.status) {
    case 'incomplete':
      return sub.created + INCOMPLETE_EXPIRY_SECONDS;
    case 'active':
    case 'trialing':
      return sub.current_period_end;
    case 'past_due': {
      let next = sub.current_period_end;
      for (const id of sub.open_invoices) {
        const invoice = await store.get('invoice', id);
        if (invoice?.next_payment_attempt) next = Math.min(next, invoice.next_payment_attempt);
      }
      return next;
    }
    default:
      return null;
  }
}

export async function saveSubscription(store: SandboxStore, sub: TpSubscription): Promise<void> {
  await store.save(sub, await dueAt(store, sub));
}

/** Voids what is still unpaid (a subscription that ended owes nothing more). */
async function voidOpenInvoices(store: SandboxStore, sub: TpSubscription): Promise<void> {
  for (const id of sub.open_invoices) {
    const invoice = await store.get('invoice', id);
    if (!invoice) continue;
    invoice.status = 'void';
    invoice.next_payment_attempt = null;
    await store.save(invoice);
    if (invoice.payment_intent) {
      const intent = await store.get('payment_intent', invoice.payment_intent);
      if (intent && intent.status !== 'succeeded') await store.save({ ...intent, status: 'canceled' });
    }
  }
  sub.open_invoices = [];
}

export async function endSubscription(store: SandboxStore, sub: TpSubscription, at: Unix): Promise<void> {
  await voidOpenInvoices(store, sub);
  sub.status = 'canceled';
  sub.canceled_at = sub.canceled_at ?? at;
  sub.ended_at = at;
  sub.cancel_at_period_end = false;
}

/**
 * Applies everything due at or before `now`, one step at a time in time order (a clock moved by
 * a year renews a monthly subscription twelve times). Returns whether anything changed.
 */
export async function runDueWork(store: SandboxStore, sub: TpSubscription, now: Unix): Promise<boolean> {
  let changed = false;
  for (let guard = 0; guard < 1000; guard++) {
    const due = await dueAt(store, sub);
    if (due === null || due > now) break;
    await step(store, sub, due);
    changed = true;
  }
  await saveSubscription(store, sub);
  return changed;
}

async function step(store: SandboxStore, sub: TpSubscription, at: Unix): Promise<void> {
  if (sub.status === 'incomplete') {
    await voidOpenInvoices(store, sub);
    sub.status = 'incomplete_expired';
    sub.ended_at = at;
    return;
  }
  if (sub.current_period_end <= at) {
    if (sub.cancel_at_period_end) return endSubscription(store, sub, sub.current_period_end);
    return renew(store, sub, at);
  }
  // past_due: the earliest retry is due.
  for (const id of [...sub.open_invoices]) {
    const invoice = await store.require('invoice', id);
    if (invoice.next_payment_attempt !== null && invoice.next_payment_attempt <= at) {
      await attemptRenewalPayment(store, sub, invoice, at);
    }
  }
}

async function renew(store: SandboxStore, sub: TpSubscription, at: Unix): Promise<void> {
  if (sub.pending_price) {
    // A scheduled switch of interval: the new price from the period end, with a new billing cycle.
    sub.price = sub.pending_price;
    sub.pending_price = null;
    sub.billing_cycle_anchor = sub.current_period_end;
    sub.period_index = -1;
  }
  sub.period_index += 1;
  sub.current_period_start = sub.current_period_end;
  sub.current_period_end = addPeriods(sub.billing_cycle_anchor, sub.price.recurring.interval, sub.period_index + 1);
  const customer = await store.require('customer', sub.customer);
  const line = periodLine(sub);
  let amount = line.amount;
  let used = 0;
  // Credit from removed seats (a negative balance) pays for the next invoice first.
  if (customer.balance < 0) {
    used = Math.min(-customer.balance, amount);
    customer.balance += used;
    amount -= used;
    await store.save(customer);
  }
  const invoice = await createInvoice(store, sub, 'subscription_cycle', amount, at, { lines: [line], creditApplied: used });
  sub.latest_invoice = invoice.id;
  sub.open_invoices.push(invoice.id);
  if (amount === 0) {
    await markInvoicePaid(store, invoice, sub);
    return;
  }
  await attemptRenewalPayment(store, sub, invoice, at);
}

async function attemptRenewalPayment(store: SandboxStore, sub: TpSubscription, invoice: TpInvoice, at: Unix): Promise<void> {
  const customer = await store.require('customer', sub.customer);
  const error = await chargeOffSession(store, customer, invoice, at);
  if (!error) {
    await markInvoicePaid(store, invoice, sub);
    if (sub.open_invoices.length === 0 && (sub.status === 'past_due' || sub.status === 'unpaid')) sub.status = 'active';
    return;
  }
  const delay = RETRY_DELAYS_DAYS[invoice.attempt_count - 1];
  if (delay === undefined) {
    // Every retry failed: Stripe's "mark the subscription as unpaid" setting.
    invoice.next_payment_attempt = null;
    sub.status = 'unpaid';
  } else {
    invoice.next_payment_attempt = at + delay * DAY;
    sub.status = 'past_due';
  }
  await store.save(invoice);
}

/** After a new card: pays what is open right away (past_due or unpaid -> active when all is paid). */
export async function retryOpenInvoices(store: SandboxStore, sub: TpSubscription, now: Unix): Promise<void> {
  const customer = await store.require('customer', sub.customer);
  for (const id of [...sub.open_invoices]) {
    const invoice = await store.require('invoice', id);
    if (invoice.billing_reason === 'subscription_create') continue;
    const error = await chargeOffSession(store, customer, invoice, now);
    if (!error) await markInvoicePaid(store, invoice, sub);
    else await store.save(invoice);
  }
  if (sub.open_invoices.length === 0 && (sub.status === 'past_due' || sub.status === 'unpaid')) sub.status = 'active';
}
