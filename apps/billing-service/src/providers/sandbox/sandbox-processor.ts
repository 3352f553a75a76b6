import type { DataSource } from 'typeorm';
import { DomainError, ErrorCode, PaymentOutcomeView, SwitchTiming, TestCard } from '@qrd/contracts';
import { CARD_ERRORS, chargeResult, isCardError, parseCard } from './sandbox-cards';
import {
  createInvoice,
  createPaymentIntent,
  currencyOf,
  dropPendingUpdate,
  endSubscription,
  periodLine,
  retryOpenInvoices,
  runDueWork,
  saveSubscription,
  TpPendingPayment,
} from './sandbox-billing-cycle';
import { changeQuantity } from './sandbox-quantity';
import { quoteIntervalSwitch, requireSwitchable, scheduleIntervalSwitch, switchIntervalNow, SandboxSwitchQuote } from './sandbox-interval-switch';
import type { Currency, PaymentIntentStatus } from '@qrd/contracts';
import {
  addPeriods,
  DAY,
  PriceInterval,
  TpCustomer,
  TpInvoice,
  TpPaymentMethod,
  TpPrice,
  TpSubscription,
  Unix,
} from './sandbox-objects';
import { SandboxStore } from './sandbox-store';
import { newPaymentMethod, outcomeOf, refuse, requireIntent, succeed } from './sandbox-payments';

/** Per seat per period, in each currency's minor units. */
export type SandboxPrices = Record<Currency, { month: number; year: number }>;

/**
 * The offline card processor behind the `test` provider: Stripe's objects and outcomes, kept in
 * PostgreSQL, with a clock an operator can move forward. Every operation is one transaction.
 */
export class SandboxProcessor {
  constructor(
    private readonly dataSource: DataSource,
    private readonly prices: SandboxPrices,
  ) {}

  private tx<T>(work: (store: SandboxStore, now: Unix) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const store = new SandboxStore(manager);
      return work(store, Math.floor(Date.now() / 1000) + (await store.clockOffset()));
    });
  }

  createCustomer(email: string, metadata: Record<string, string>): Promise<TpCustomer> {
    return this.tx(async (store, now) => {
      const customer: TpCustomer = {
        id: SandboxStore.newId('customer'),
        object: 'customer',
        email,
        created: now,
        balance: 0,
        invoice_settings: { default_payment_method: null },
        metadata,
      };
      await store.save(customer);
      return customer;
    });
  }

  getCustomer(id: string): Promise<TpCustomer | null> {
    return this.tx((store) => store.get('customer', id));
  }

  /** Like subscriptions.create with payment_behavior=default_incomplete: waits for its first payment. */
  createSubscription(
    customerId: string,
    interval: PriceInterval,
    quantity: number,
    currency: Currency = 'usd',
  ): Promise<{ subscription: TpSubscription; clientSecret: string }> {
    return this.tx(async (store, now) => {
      await store.require('customer', customerId);
      const sub: TpSubscription = {
        id: SandboxStore.newId('subscription'),
        object: 'subscription',
        customer: customerId,
        status: 'incomplete',
        created: now,
        billing_cycle_anchor: now,
        period_index: 0,
        current_period_start: now,
        current_period_end: addPeriods(now, interval, 1),
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        quantity,
        price: this.price(interval, currency),
        default_payment_method: null,
        latest_invoice: null,
        open_invoices: [],
      };
      const invoice = await createInvoice(store, sub, 'subscription_create', sub.price.unit_amount * quantity, now, {
        lines: [periodLine(sub)],
      });
      const intent = await createPaymentIntent(store, invoice, now);
      sub.latest_invoice = invoice.id;
      sub.open_invoices = [invoice.id];
      await saveSubscription(store, sub);
      return { subscription: sub, clientSecret: intent.client_secret };
    });
  }

  getSubscription(id: string): Promise<{ subscription: TpSubscription; card: TpPaymentMethod | null } | null> {
    return this.tx(async (store) => {
      const subscription = await store.get('subscription', id);
      if (!subscription) return null;
      const card = subscription.default_payment_method
        ? await store.get('payment_method', subscription.default_payment_method)
        : null;
      return { subscription, card };
    });
  }

  pendingPaymentSecret(subscriptionId: string): Promise<string | null> {
    return this.tx(async (store) => {
      const sub = await store.get('subscription', subscriptionId);
      if (!sub || sub.status !== 'incomplete' || !sub.latest_invoice) return null;
      const invoice = await store.get('invoice', sub.latest_invoice);
      const intent = invoice?.payment_intent ? await store.get('payment_intent', invoice.payment_intent) : null;
      return intent && intent.status !== 'succeeded' && intent.status !== 'canceled' ? intent.client_secret : null;
    });
  }

  /** Stripe.js confirmPayment's stand-in: the customer is present and types a card. */
  confirmPayment(clientSecret: string, input: TestCard): Promise<{ outcome: PaymentOutcomeView; subscriptionId: string }> {
    return this.tx(async (store, now) => {
      const intent = await requireIntent(store, clientSecret);
      const subscriptionId = (await store.require('invoice', intent.invoice, false)).subscription;
      if (intent.status !== 'requires_payment_method') return { outcome: outcomeOf(intent), subscriptionId };
      const card = parseCard(input, new Date(now * 1000));
      if (isCardError(card)) return { outcome: await refuse(store, intent, card), subscriptionId };
      const result = chargeResult(card.behaviour, false);
      if (typeof result === 'object') return { outcome: await refuse(store, intent, result), subscriptionId };
      const method = await newPaymentMethod(store, card, now);
      if (result === 'requires_action') {
        intent.status = 'requires_action';
        intent.payment_method = method.id;
        intent.next_action = { type: 'use_stripe_sdk' };
        intent.last_payment_error = null;
        await store.save(intent);
        return { outcome: outcomeOf(intent), subscriptionId };
      }
      await succeed(store, intent, method, now);
      return { outcome: outcomeOf(intent), subscriptionId };
    });
  }

  /** The customer's answer to the bank's 3-D Secure challenge. */
  authenticatePayment(clientSecret: string, approve: boolean): Promise<{ outcome: PaymentOutcomeView; subscriptionId: string }> {
    return this.tx(async (store, now) => {
      const intent = await requireIntent(store, clientSecret);
      const subscriptionId = (await store.require('invoice', intent.invoice, false)).subscription;
      if (intent.status !== 'requires_action' || !intent.payment_method) return { outcome: outcomeOf(intent), subscriptionId };
      if (!approve) {
        // A change waiting for this payment lapses with it: nothing was charged, nothing changes.
        const sub = await store.require('subscription', subscriptionId);
        if (sub.pending_update?.invoice === intent.invoice) {
          await dropPendingUpdate(store, sub);
          await saveSubscription(store, sub);
          intent.status = 'canceled';
        }
        return { outcome: await refuse(store, intent, CARD_ERRORS.authenticationFailed), subscriptionId };
      }
      const method = await store.require('payment_method', intent.payment_method);
      await succeed(store, intent, method, now);
      return { outcome: outcomeOf(intent), subscriptionId };
    });
  }

  /**
   * Like subscriptions.update with a new quantity, prorated to the second like Stripe's
   * always_invoice with pending_if_incomplete: more seats are charged now and kept only if paid;
   * fewer seats become a credit for the next invoice. A repeat with the same idempotency key
   * answers the first response and changes nothing (checked under the row lock).
   */
  updateQuantity(
    subscriptionId: string,
    quantity: number,
    idempotencyKey?: string,
  ): Promise<{ subscription: TpSubscription; amountCharged: number; pendingPayment: TpPendingPayment | null }> {
    return this.tx(async (store, now) => {
      const sub = await store.require('subscription', subscriptionId);
      if (idempotencyKey) {
        const first = await store.idempotentResponse<{ subscription: TpSubscription; amountCharged: number; pendingPayment: TpPendingPayment | null }>(
          idempotencyKey,
        );
        if (first) return first;
      }
      const result = await changeQuantity(store, sub, quantity, now);
      if (idempotencyKey) await store.saveIdempotentResponse(idempotencyKey, result);
      return result;
    });
  }

  /** What switching to `interval` now would cost (Stripe's invoices.createPreview), changing nothing. */
  previewIntervalSwitch(subscriptionId: string, interval: PriceInterval): Promise<SandboxSwitchQuote & { unitAmount: number }> {
    return this.tx(async (store, now) => {
      const sub = await store.require('subscription', subscriptionId, false);
      const price = this.price(interval, currencyOf(sub));
      requireSwitchable(sub, price);
      const customer = await store.require('customer', sub.customer, false);
      return { ...quoteIntervalSwitch(sub, customer, price, now), unitAmount: price.unit_amount };
    });
  }

  switchInterval(subscriptionId: string, interval: PriceInterval | null, when: SwitchTiming | 'cancel') {
    return this.tx(async (store, now) => {
      const sub = await store.require('subscription', subscriptionId);
      const price = interval ? this.price(interval, currencyOf(sub)) : null;
      if (when === 'now' && price) return switchIntervalNow(store, sub, price, now);
      return { subscription: await scheduleIntervalSwitch(store, sub, price, when), amountCharged: 0, pendingPayment: null };
    });
  }

  /** A payment intent's state, by its client secret (Stripe: paymentIntents.retrieve). */
  paymentStatus(clientSecret: string): Promise<{ status: PaymentIntentStatus; errorMessage: string | null }> {
    return this.tx(async (store) => {
      const intent = await requireIntent(store, clientSecret);
      return { status: intent.status, errorMessage: intent.last_payment_error?.message ?? null };
    });
  }

  /** The subscription's paid invoices, oldest first (Stripe: invoices.list status=paid). */
  paidInvoices(subscriptionId: string): Promise<TpInvoice[]> {
    return this.tx(async (store) => (await store.invoicesOf(subscriptionId)).filter((invoice) => invoice.status === 'paid'));
  }

  /** The US dollar prices keep their first ids (price_test_month); the others name their currency. */
  private price(interval: PriceInterval, currency: Currency): TpPrice {
    const id = currency === 'usd' ? `price_test_${interval}` : `price_test_${interval}_${currency}`;
    return { id, unit_amount: this.prices[currency][interval], currency, recurring: { interval } };
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<TpSubscription> {
    return this.tx(async (store) => {
      const sub = await store.require('subscription', subscriptionId);
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
        throw new DomainError(ErrorCode.Conflict, 'This subscription has already ended');
      }
      sub.cancel_at_period_end = cancel;
      sub.canceled_at = cancel ? sub.canceled_at : null;
      await saveSubscription(store, sub);
      return sub;
    });
  }

  cancel(subscriptionId: string): Promise<TpSubscription> {
    return this.tx(async (store, now) => {
      const sub = await store.require('subscription', subscriptionId);
      if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') {
        await endSubscription(store, sub, now);
        await saveSubscription(store, sub);
      }
      return sub;
    });
  }

  /** Refunds what is left of every paid invoice of the subscription; answers the cents refunded. */
  refundPayments(subscriptionId: string): Promise<number> {
    return this.tx(async (store, now) => {
      await store.require('subscription', subscriptionId);
      let refunded = 0;
      for (const invoice of await store.invoicesOf(subscriptionId)) {
        if (invoice.status !== 'paid' || !invoice.payment_intent || invoice.amount_paid <= 0) continue;
        const already = (await store.refundsOf(invoice.payment_intent)).reduce((sum, r) => sum + r.amount, 0);
        const amount = invoice.amount_paid - already;
        if (amount <= 0) continue;
        await store.save({
          id: SandboxStore.newId('refund'),
          object: 'refund',
          amount,
          currency: invoice.currency ?? 'usd',
          customer: invoice.customer,
          payment_intent: invoice.payment_intent,
          status: 'succeeded',
          created: now,
        });
        refunded += amount;
      }
      return refunded;
    });
  }

  /**
   * A new default card for the customer (a SetupIntent with the customer present), then what is
   * open is retried at once. Returns the subscriptions touched.
   */
  updateDefaultCard(customerId: string, input: TestCard): Promise<string[]> {
    return this.tx(async (store, now) => {
      const customer = await store.require('customer', customerId);
      const card = parseCard(input, new Date(now * 1000));
      if (isCardError(card)) throw new DomainError(ErrorCode.PaymentFailed, card.message);
      if (card.behaviour === 'decline') throw new DomainError(ErrorCode.PaymentFailed, CARD_ERRORS.declined.message);
      const method = await newPaymentMethod(store, card, now);
      method.customer = customer.id;
      await store.save(method);
      customer.invoice_settings.default_payment_method = method.id;
      await store.save(customer);
      const touched: string[] = [];
      for (const sub of await store.subscriptionsOf(customer.id)) {
        const locked = await store.require('subscription', sub.id);
        if (locked.status === 'canceled' || locked.status === 'incomplete_expired' || locked.status === 'incomplete') continue;
        locked.default_payment_method = method.id;
        await retryOpenInvoices(store, locked, now);
        await saveSubscription(store, locked);
        touched.push(locked.id);
      }
      return touched;
    });
  }

  /** The processor's clock (the real time plus what an operator advanced it by). */
  now(): Promise<Unix> {
    return this.tx(async (_store, now) => now);
  }

  /** Moves the clock forward and runs what became due. Returns the new time and what changed. */
  async advanceClock(days: number): Promise<{ now: Unix; offsetSeconds: number; changed: string[] }> {
    const offsetSeconds = await this.dataSource.transaction((m) => new SandboxStore(m).advanceClock(days * DAY));
    const changed = await this.runDue();
    return { now: Math.floor(Date.now() / 1000) + offsetSeconds, offsetSeconds, changed };
  }

  /** Renewals, retries, period ends and expiries due by now, in batches. */
  async runDue(): Promise<string[]> {
    const changed: string[] = [];
    for (;;) {
      const batch = await this.tx(async (store, now) => {
        const due = await store.lockDueSubscriptions(now, 50);
        const done: string[] = [];
        for (const sub of due) if (await runDueWork(store, sub, now)) done.push(sub.id);
        return { count: due.length, done };
      });
      changed.push(...batch.done);
      if (batch.count < 50) return changed;
    }
  }
}
