import { DomainError, ErrorCode, PaymentOutcomeView } from '@qrd/contracts';
import { CardError, ParsedCard } from './sandbox-cards';
import { markInvoicePaid, saveSubscription } from './sandbox-billing-cycle';
import { addPeriods, TpPaymentIntent, TpPaymentMethod, Unix } from './sandbox-objects';
import { SandboxStore } from './sandbox-store';

/** The sandbox's payment steps: a payment form's intent found, a card refused or saved, a first invoice paid. */

export async function requireIntent(store: SandboxStore, clientSecret: string): Promise<TpPaymentIntent> {
  const intent = await store.lockPaymentIntentBySecret(clientSecret);
  if (!intent) throw new DomainError(ErrorCode.NotFound, 'No such payment: the payment form has expired, please start again');
  return intent;
}

export async function refuse(store: SandboxStore, intent: TpPaymentIntent, error: CardError): Promise<PaymentOutcomeView> {
  if (intent.status !== 'canceled') intent.status = 'requires_payment_method';
  intent.last_payment_error = error;
  intent.next_action = null;
  intent.payment_method = null;
  await store.save(intent);
  return outcomeOf(intent);
}

export async function newPaymentMethod(store: SandboxStore, card: ParsedCard, now: Unix): Promise<TpPaymentMethod> {
  const method: TpPaymentMethod = {
    id: SandboxStore.newId('payment_method'),
    object: 'payment_method',
    type: 'card',
    customer: null,
    card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
    created: now,
    behaviour: card.behaviour,
  };
  await store.save(method);
  return method;
}

/** The first invoice is paid: the card is saved as the default and the subscription starts. */
export async function succeed(store: SandboxStore, intent: TpPaymentIntent, method: TpPaymentMethod, now: Unix): Promise<void> {
  intent.status = 'succeeded';
  intent.payment_method = method.id;
  intent.next_action = null;
  intent.last_payment_error = null;
  await store.save(intent);
  const invoice = await store.require('invoice', intent.invoice);
  const sub = await store.require('subscription', invoice.subscription);
  const customer = await store.require('customer', intent.customer);
  method.customer = customer.id;
  await store.save(method);
  customer.invoice_settings.default_payment_method = method.id;
  const pending = sub.pending_update?.invoice === invoice.id ? sub.pending_update : null;
  if (pending) {
    // The change that waited for this payment (a seat bought, a plan switched) takes effect.
    Object.assign(sub, pending.changes);
    customer.balance = pending.balance;
    sub.pending_update = null;
    sub.latest_invoice = invoice.id;
  }
  await store.save(customer);
  await markInvoicePaid(store, invoice, sub);
  sub.default_payment_method = method.id;
  if (sub.status === 'incomplete') {
    // The period starts when the first payment succeeds.
    sub.status = 'active';
    sub.billing_cycle_anchor = now;
    sub.current_period_start = now;
    sub.current_period_end = addPeriods(now, sub.price.recurring.interval, 1);
  } else if ((sub.status === 'past_due' || sub.status === 'unpaid') && sub.open_invoices.length === 0) {
    sub.status = 'active';
  }
  await saveSubscription(store, sub);
}

export function outcomeOf(intent: TpPaymentIntent): PaymentOutcomeView {
  const error = intent.last_payment_error;
  return {
    status: intent.status,
    paymentIntentId: intent.id,
    error: error ? { code: error.code, declineCode: error.declineCode, message: error.message } : null,
    nextAction: intent.status === 'requires_action' ? { type: 'authenticate' } : null,
  };
}
