import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  customerObject,
  invoiceEvent,
  invoiceObject,
  InvoiceFields,
  invoicePaymentObject,
  listObject,
  paymentIntentObject,
  PaymentIntentFields,
  paymentMethodObject,
  portalSessionObject,
  priceObject,
  refundObject,
  subscriptionEvent,
  subscriptionObject,
  SubscriptionFields,
} from './stripe-objects';
import { previewInvoice, priceChange } from './fake-stripe-prorations';
import { FakeSchedules } from './fake-stripe-schedules';
import { FakeStripeError, list, missing, MONTH, must, newId, now, Params, paymentIntentOf, readBody, send, str, parseForm } from './fake-stripe-http';

export { parseForm } from './fake-stripe-http';

/**
 * A local stand-in for api.stripe.com answering the calls the billing-service makes, with
 * Stripe-shaped objects (typed with the `stripe` package's types). Tests drive what Stripe.js and
 * Stripe's own clock would do (a payment, a failed renewal) through its methods, and build signed
 * webhook deliveries from its state.
 */


/** A subscription as the fake keeps it: what it renders, with the price, card and invoice by id. */
interface SubState extends Omit<SubscriptionFields, 'price' | 'defaultPaymentMethod' | 'latestInvoice'> {
  priceId: string;
  paymentMethod: string | null;
  latestInvoice: string;
  schedule: string | null;
  /** What the pending_update changes once its invoice is paid (Stripe keeps it until then). */
  pendingChanges: Partial<Pick<SubState, 'quantity' | 'priceId' | 'periodStart' | 'periodEnd'>> & { balance?: number } | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
}


export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  private server?: Server;
  private readonly prices = new Map<string, Stripe.Price>();
  private readonly customers = new Map<
    string,
    { email: string | null; metadata: Stripe.Metadata; created: number; failCharges: boolean; authenticate: boolean; balance: number }
  >();
  /** Payment intents of invoices that were not paid at once (a refused card, a 3-D Secure challenge). */
  private readonly intents = new Map<string, PaymentIntentFields & { invoice: string }>();
  private readonly methods = new Map<string, Stripe.PaymentMethod>();
  private readonly subs = new Map<string, SubState>();
  private readonly invoices = new Map<string, InvoiceFields>();
  private readonly refunds: Stripe.Refund[] = [];
  private readonly failures: { method: string; pathPrefix: string; left: number; error: FakeStripeError }[] = [];
  private readonly stripe = new Stripe('sk_test_fake');
  private readonly schedules = new FakeSchedules(this.prices, (id) => this.subs.get(id));

  constructor(prices: { id: string; unitAmount: number; interval: 'month' | 'year' }[]) {
    for (const p of prices) this.prices.set(p.id, priceObject(p.id, p.unitAmount, p.interval, now()));
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** What Stripe.js confirmPayment does with a good card: the first invoice is paid, the subscription starts. */
  pay(subscriptionId: string, card: { brand: string; last4: string } = { brand: 'visa', last4: '4242' }): Stripe.Subscription {
    const sub = this.sub(subscriptionId);
    const method = paymentMethodObject(newId('pm'), sub.customer, card.brand, card.last4, now());
    this.methods.set(method.id, method);
    sub.paymentMethod = method.id;
    sub.status = 'active';
    const invoice = must(this.invoices, sub.latestInvoice);
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    return this.render(sub, []);
  }

  /** Later charges of this customer fail (a card like 4000 0000 0000 0341). */
  failCharges(customerId: string, fail = true): void {
    must(this.customers, customerId).failCharges = fail;
  }

  /**
   * The customer's card asks for 3-D Secure on every payment (4000 0027 6000 3184): an update made
   * with pending_if_incomplete stays pending, its payment intent in requires_action.
   */
  requireAuthentication(customerId: string, required = true): void {
    must(this.customers, customerId).authenticate = required;
  }

  /**
   * What Stripe.js's handleNextAction and Stripe do when the customer answers the bank: approved,
   * the payment succeeds, its invoice is paid and the pending update applies; failed, the payment
   * intent goes back to requires_payment_method with Stripe's authentication error.
   */
  authenticate(clientSecret: string, approve = true): Stripe.PaymentIntent {
    const intent = [...this.intents.values()].find((i) => i.clientSecret === clientSecret);
    if (!intent) throw new Error(`fake Stripe has no payment intent with secret ${clientSecret}`);
    if (intent.status !== 'requires_action') return paymentIntentObject(intent);
    if (!approve) {
      intent.status = 'requires_payment_method';
      intent.lastError = {
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      };
      return paymentIntentObject(intent);
    }
    intent.status = 'succeeded';
    const invoice = must(this.invoices, intent.invoice);
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    const sub = this.sub(invoice.subscription);
    if (sub.pendingChanges && sub.latestInvoice === invoice.id) {
      const { balance, ...changes } = sub.pendingChanges;
      Object.assign(sub, changes, { pendingUpdate: null, pendingChanges: null });
      if (balance !== undefined) must(this.customers, sub.customer).balance = balance;
    }
    return paymentIntentObject(intent);
  }

  /** Changes a subscription as Stripe's own processes would (a renewal that failed, a period end). */
  change(subscriptionId: string, changes: Partial<Pick<SubState, 'status' | 'cancelAtPeriodEnd' | 'quantity' | 'periodEnd'>>): Stripe.Subscription {
    Object.assign(this.sub(subscriptionId), changes);
    return this.render(this.sub(subscriptionId), []);
  }

  /**
   * Stripe's clock at the period end: the next period starts, on the price and quantity of a
   * schedule phase starting then, and is invoiced and paid (a customer credit pays first).
   */
  renew(subscriptionId: string): Stripe.Subscription {
    const sub = this.sub(subscriptionId);
    const phase = sub.schedule ? this.schedules.phaseFrom(sub.schedule, sub.periodEnd) : undefined;
    if (phase) {
      sub.priceId = phase.price;
      sub.quantity = phase.quantity;
    }
    const price = must(this.prices, sub.priceId);
    sub.periodStart = sub.periodEnd;
    sub.periodEnd = sub.periodStart + (price.recurring?.interval === 'year' ? 12 * MONTH : MONTH);
    const customer = must(this.customers, sub.customer);
    const total = (price.unit_amount ?? 0) * sub.quantity;
    const invoice = this.newInvoice(sub.customer, sub.id, 'subscription_cycle', Math.max(0, total + customer.balance), sub.periodStart, sub.periodEnd);
    Object.assign(invoice, { total, startingBalance: customer.balance, status: 'paid', amountPaid: invoice.amountDue });
    customer.balance = Math.min(0, total + customer.balance);
    sub.latestInvoice = invoice.id;
    if (sub.schedule) this.schedules.releaseIfDone(sub.schedule, sub.periodStart);
    return this.render(sub, []);
  }

  /** The subscription as it is now, unexpanded, as webhook payloads carry it. */
  subscription(subscriptionId: string): Stripe.Subscription {
    return this.render(this.sub(subscriptionId), []);
  }

  subscriptionEvent(
    type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
    subscription: Stripe.Subscription,
    created = now(),
  ): Stripe.Event {
    return subscriptionEvent(newId('evt'), type, subscription, created);
  }

  invoiceEvent(type: 'invoice.paid' | 'invoice.payment_failed' | 'invoice.upcoming', subscriptionId: string, created = now()): Stripe.Event {
    const invoice = must(this.invoices, this.sub(subscriptionId).latestInvoice);
    return invoiceEvent(newId('evt'), type, invoiceObject(invoice), created);
  }

  /** A webhook delivery signed like Stripe signs it. */
  signed(event: Stripe.Event, secret: string): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: this.stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  /** Refunds made so far, newest last. */
  refundsOf(paymentIntentOrSubscription: string): Stripe.Refund[] {
    return this.refunds.filter((r) => r.payment_intent === paymentIntentOrSubscription || r.metadata?.subscription === paymentIntentOrSubscription);
  }

  /**
   * The next `times` requests of `method` to a path starting with `pathPrefix` answer `status` with
   * this error, in Stripe's documented shape (`{"error": {"type": "invalid_request_error", ...}}`).
   */
  failNext(method: string, pathPrefix: string, status: number, error: FakeStripeError['body'], times = 1): void {
    this.failures.push({ method, pathPrefix, left: times, error: new FakeStripeError(status, error) });
  }

  count(method: string, pathPrefix: string): number {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)).length;
  }

  private sub(id: string): SubState {
    const sub = this.subs.get(id);
    if (!sub) throw new Error(`fake Stripe has no subscription ${id}`);
    return sub;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const body = await readBody(req);
    const params = { ...parseForm(url.searchParams), ...parseForm(new URLSearchParams(body)) };
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, params });
    try {
      this.injectedFailure(method, url.pathname);
      const answer = this.route(method, url.pathname.split('/').filter(Boolean), params);
      send(res, 200, answer);
    } catch (error) {
      if (error instanceof FakeStripeError) send(res, error.status, { error: error.body });
      else send(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  private injectedFailure(method: string, path: string): void {
    const failure = this.failures.find((f) => f.method === method && path.startsWith(f.pathPrefix) && f.left > 0);
    if (!failure) return;
    failure.left -= 1;
    throw failure.error;
  }

  private route(method: string, parts: string[], params: Params): object {
    const [, resource, id] = parts;
    const expand = list(params.expand).map(String);
    if (resource === 'customers' && method === 'POST' && !id) {
      const customerId = newId('cus');
      const metadata = (params.metadata ?? {}) as Stripe.Metadata;
      this.customers.set(customerId, { email: str(params.email), metadata, created: now(), failCharges: false, authenticate: false, balance: 0 });
      return customerObject(customerId, str(params.email), now(), metadata);
    }
    if (resource === 'customers' && method === 'GET' && id) {
      const customer = this.customers.get(id);
      if (!customer) throw missing('customer', id);
      return customerObject(id, customer.email, customer.created, customer.metadata);
    }
    if (resource === 'subscriptions' && method === 'POST' && !id) return this.create(params, expand);
    if (resource === 'subscriptions' && id) {
      const sub = this.subs.get(id);
      if (!sub) throw missing('subscription', id);
      if (method === 'GET') return this.render(sub, expand);
      if (method === 'POST') return this.update(sub, params, expand);
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceledAt = now();
        sub.endedAt = now();
        return this.render(sub, expand);
      }
    }
    if (resource === 'invoices' && method === 'POST' && id === 'create_preview') return this.preview(params);
    if (resource === 'subscription_schedules') return this.schedules.route(method, id, parts[3], params);
    if (resource === 'invoices' && method === 'GET' && !id) {
      const found = [...this.invoices.values()].filter(
        (i) => (!params.subscription || i.subscription === params.subscription) && (!params.status || i.status === params.status),
      );
      return listObject('/v1/invoices', found.map(invoiceObject));
    }
    if (resource === 'invoice_payments' && method === 'GET' && !id) {
      const invoice = this.invoices.get(String(params.invoice));
      const shown = invoice && (invoice.status === 'paid' || invoice.status === 'open') && (!params.status || params.status === invoice.status);
      return listObject('/v1/invoice_payments', shown ? [invoicePaymentObject(`inpay_${invoice.id}`, invoice, paymentIntentOf(invoice))] : []);
    }
    if (resource === 'payment_intents' && method === 'GET' && id) {
      const intent = this.intents.get(id);
      if (!intent) throw missing('payment_intent', id);
      return paymentIntentObject(intent);
    }
    if (resource === 'refunds' && method === 'GET' && !id) {
      return listObject('/v1/refunds', this.refunds.filter((r) => !params.payment_intent || r.payment_intent === params.payment_intent));
    }
    if (resource === 'refunds' && method === 'POST' && !id) return this.refund(params);
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      return portalSessionObject(newId('bps'), String(params.customer), String(params.return_url), now());
    }
    throw new FakeStripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: /${parts.join('/')})` });
  }

  /** Stripe refuses to refund more than was paid and not refunded yet. */
  private refund(params: Params): Stripe.Refund {
    const intent = String(params.payment_intent);
    const invoice = [...this.invoices.values()].find((i) => i.status === 'paid' && paymentIntentOf(i) === intent);
    if (!invoice) throw missing('payment_intent', intent);
    const left = invoice.amountPaid - this.refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount <= 0 || amount > left) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      });
    }
    const refund = refundObject(newId('re'), intent, amount, now(), (params.metadata ?? {}) as Stripe.Metadata);
    this.refunds.push(refund);
    return refund;
  }

  private create(params: Params, expand: string[]): Stripe.Subscription {
    const customer = String(params.customer);
    if (!this.customers.has(customer)) throw missing('customer', customer);
    const [item] = list(params.items) as Params[];
    const price = this.prices.get(String(item.price));
    if (!price) throw missing('price', String(item.price));
    const id = newId('sub');
    const created = now();
    const quantity = Number(item.quantity ?? 1);
    const invoice = this.newInvoice(customer, id, 'subscription_create', (price.unit_amount ?? 0) * quantity, created, created + MONTH);
    const sub: SubState = {
      id,
      itemId: newId('si'),
      customer,
      status: 'incomplete',
      priceId: price.id,
      quantity,
      created,
      periodStart: created,
      periodEnd: created + (price.recurring?.interval === 'year' ? 12 * MONTH : MONTH),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      paymentMethod: null,
      latestInvoice: invoice.id,
      pendingUpdate: null,
      schedule: null,
      pendingChanges: null,
    };
    this.subs.set(id, sub);
    return this.render(sub, expand);
  }

  private update(sub: SubState, params: Params, expand: string[]): Stripe.Subscription {
    if (params.cancel_at_period_end !== undefined) sub.cancelAtPeriodEnd = params.cancel_at_period_end === 'true';
    const [item] = list(params.items) as Params[];
    if (item?.price !== undefined && String(item.price) !== sub.priceId) return this.changePrice(sub, item, params, expand);
    if (item?.quantity !== undefined) {
      const quantity = Number(item.quantity);
      const price = must(this.prices, sub.priceId);
      if (quantity > sub.quantity && params.proration_behavior === 'always_invoice') {
        const amount = Math.round(((price.unit_amount ?? 0) * (quantity - sub.quantity) * (sub.periodEnd - now())) / (sub.periodEnd - sub.periodStart));
        const invoice = this.newInvoice(sub.customer, sub.id, 'subscription_update', amount, sub.periodStart, sub.periodEnd);
        sub.latestInvoice = invoice.id;
        const customer = must(this.customers, sub.customer);
        if ((customer.failCharges || customer.authenticate) && params.payment_behavior === 'pending_if_incomplete') {
          this.keepPending(sub, invoice, { quantity }, !customer.failCharges);
          return this.render(sub, expand);
        }
        invoice.status = 'paid';
        invoice.amountPaid = amount;
      }
      sub.quantity = quantity;
      sub.pendingUpdate = null;
      sub.pendingChanges = null;
    }
    return this.render(sub, expand);
  }

  /**
   * An update whose invoice was not paid at once (pending_if_incomplete): the subscription keeps
   * its items and carries pending_update; the invoice's payment intent waits for the customer
   * (requires_action) or holds the card's refusal.
   */
  private keepPending(sub: SubState, invoice: InvoiceFields, changes: NonNullable<SubState['pendingChanges']>, authenticate: boolean): void {
    sub.pendingUpdate = { billing_cycle_anchor: null, expires_at: now() + 23 * 3600, subscription_items: null, trial_end: null, trial_from_plan: null };
    sub.pendingChanges = authenticate ? changes : null;
    const id = paymentIntentOf(invoice);
    this.intents.set(id, {
      id,
      clientSecret: invoice.clientSecret ?? `${id}_secret_x`,
      amount: invoice.amountDue,
      customer: invoice.customer,
      paymentMethod: sub.paymentMethod,
      status: authenticate ? 'requires_action' : 'requires_payment_method',
      created: now(),
      lastError: authenticate ? null : { code: 'card_declined', message: 'Your card was declined.' },
      invoice: invoice.id,
    });
  }

  /** A new price (a switch of interval): prorated, invoiced now with always_invoice, kept only if paid. */
  private changePrice(sub: SubState, item: Params, params: Params, expand: string[]): Stripe.Subscription {
    const to = this.prices.get(String(item.price));
    if (!to) throw missing('price', String(item.price));
    const quantity = Number(item.quantity ?? sub.quantity);
    const customer = must(this.customers, sub.customer);
    const change = priceChange({ ...sub }, must(this.prices, sub.priceId), to, quantity, now(), null);
    const invoice = this.newInvoice(sub.customer, sub.id, 'subscription_update', Math.max(0, change.total + customer.balance), change.periodStart, change.periodEnd);
    Object.assign(invoice, { lines: change.lines, total: change.total, startingBalance: customer.balance });
    sub.latestInvoice = invoice.id;
    if (invoice.amountDue > 0 && (customer.failCharges || customer.authenticate) && params.payment_behavior === 'pending_if_incomplete') {
      const balance = Math.min(0, change.total + customer.balance);
      this.keepPending(sub, invoice, { priceId: to.id, quantity, periodStart: change.periodStart, periodEnd: change.periodEnd, balance }, !customer.failCharges);
      return this.render(sub, expand);
    }
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    customer.balance = Math.min(0, change.total + customer.balance);
    Object.assign(sub, { priceId: to.id, quantity, periodStart: change.periodStart, periodEnd: change.periodEnd, pendingUpdate: null, pendingChanges: null });
    return this.render(sub, expand);
  }

  /** invoices.createPreview of a subscription change: the invoice it would make, stored nowhere. */
  private preview(params: Params): Stripe.Invoice {
    const subId = String(params.subscription ?? '');
    const sub = this.subs.get(subId);
    if (!sub) throw missing('subscription', subId);
    const details = (params.subscription_details ?? {}) as Params;
    const [item] = list(details.items) as Params[];
    const to = this.prices.get(String(item?.price ?? sub.priceId));
    if (!to) throw missing('price', String(item?.price));
    const at = details.proration_date !== undefined ? Number(details.proration_date) : now();
    const change = priceChange({ ...sub }, must(this.prices, sub.priceId), to, Number(item?.quantity ?? sub.quantity), at, null);
    return previewInvoice(sub, change, must(this.customers, sub.customer).balance);
  }

  private newInvoice(
    customer: string,
    subscription: string,
    billingReason: Stripe.Invoice.BillingReason,
    amount: number,
    periodStart: number,
    periodEnd: number,
  ): InvoiceFields {
    const id = newId('in');
    const invoice: InvoiceFields = {
      id,
      customer,
      subscription,
      billingReason,
      amountDue: amount,
      amountPaid: 0,
      status: 'open',
      created: now(),
      periodStart,
      periodEnd,
      clientSecret: `${newId('pi')}_secret_${randomBytes(8).toString('hex')}`,
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  private render(sub: SubState, expand: string[]): Stripe.Subscription {
    const invoice = must(this.invoices, sub.latestInvoice);
    const expandInvoice = expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'));
    const withSecret = expand.includes('latest_invoice.confirmation_secret');
    const method = sub.paymentMethod ? must(this.methods, sub.paymentMethod) : null;
    return subscriptionObject({
      id: sub.id,
      itemId: sub.itemId,
      customer: sub.customer,
      status: sub.status,
      price: must(this.prices, sub.priceId),
      quantity: sub.quantity,
      created: sub.created,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      canceledAt: sub.canceledAt,
      endedAt: sub.endedAt,
      defaultPaymentMethod: expand.includes('default_payment_method') ? method : (method?.id ?? null),
      // confirmation_secret is only included when expanded, as in Stripe.
      latestInvoice: expandInvoice ? invoiceObject({ ...invoice, clientSecret: withSecret ? invoice.clientSecret : null }) : invoice.id,
      pendingUpdate: sub.pendingUpdate,
      schedule: sub.schedule && expand.includes('schedule') ? this.schedules.render(sub.schedule) : sub.schedule,
    });
  }
}

