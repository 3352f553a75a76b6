import Stripe from 'stripe';
import type { AppConfig, Logger } from '@qrd/config';
import { BillingInterval, Currency, CURRENCIES, DomainError, ErrorCode, SwitchTiming } from '@qrd/contracts';
import type {
  ChangeSeatsOptions,
  ChargedChange,
  PendingPayment,
  CreatedSubscription,
  IntervalSwitchQuote,
  ProviderInvoice,
  PaymentProvider,
  ProviderCustomer,
  ProviderSubscription,
} from '../payment-provider';
import { pendingIntervalOf, previewParams, PriceIds, quoteFromPreview, schedulePhases, switchNowParams } from './stripe-interval-switch';
import { currencyOf, fromStripeInvoice, fromStripeSubscription, idOf, invoiceClientSecret } from './stripe-mapping';

/** The stripe client, pointed at STRIPE_API_BASE when tests run a local Stripe-shaped server. */
export function createStripeClient(config: AppConfig): Stripe {
  const { secretKey, apiBase } = config.billing.stripe;
  if (!secretKey) throw new Error('STRIPE_SECRET_KEY is required when BILLING_PROVIDER=stripe');
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'qr-dynamic' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The `stripe` provider: real Stripe Billing, quantity = seats. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  /** Stripe's Price ids of each currency offered (a currency without both is not offered). */
  private readonly prices: Partial<Record<Currency, PriceIds>> = {};
  private readonly unitAmounts: Record<Currency, Record<BillingInterval, number>>;

  constructor(
    private readonly stripe: Stripe,
    config: AppConfig,
    private readonly logger: Logger,
  ) {
    const { priceMonthly, priceAnnual } = config.billing.stripe;
    if (!priceMonthly || !priceAnnual) throw new Error('STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL are required');
    for (const currency of CURRENCIES) {
      const ids = config.billing.stripe.prices?.[currency];
      if (ids?.monthly && ids.annual) this.prices[currency] = { monthly: ids.monthly, annual: ids.annual };
    }
    this.prices.usd = { monthly: priceMonthly, annual: priceAnnual };
    this.unitAmounts = config.billing.prices ?? {
      usd: { monthly: config.billing.monthlyPriceCents, annual: config.billing.annualPriceCents },
      eur: { monthly: config.billing.monthlyPriceCents, annual: config.billing.annualPriceCents },
      gbp: { monthly: config.billing.monthlyPriceCents, annual: config.billing.annualPriceCents },
    };
  }

  /** The Price ids of a currency; refused when none are configured for it. */
  private pricesIn(currency: Currency): PriceIds {
    const ids = this.prices[currency];
    if (!ids) throw new DomainError(ErrorCode.Validation, `Prices in ${currency.toUpperCase()} are not offered`, { currency: `Prices in ${currency.toUpperCase()} are not offered` });
    return ids;
  }

  /** The Price ids of the currency a Stripe subscription is billed in. */
  private pricesOf(sub: Stripe.Subscription): PriceIds {
    return this.pricesIn(currencyOf(sub.items.data[0]?.price.currency ?? sub.currency, `Stripe subscription ${sub.id}`));
  }

  createCustomer(input: { email: string; userId: string | null }): Promise<ProviderCustomer> {
    return this.call(async () => {
      const customer = await this.stripe.customers.create({
        email: input.email,
        metadata: input.userId ? { userId: input.userId } : { signup: 'pending' },
      });
      return { id: customer.id, email: customer.email, creditCents: 0 };
    });
  }

  getCustomer(id: string): Promise<ProviderCustomer | null> {
    return this.call(async () => {
      const customer = await this.stripe.customers.retrieve(id);
      return customer.deleted ? null : { id: customer.id, email: customer.email, creditCents: Math.max(0, -(customer.balance ?? 0)) };
    }, true);
  }

  createSubscription(input: { customerId: string; interval: BillingInterval; seats: number; currency: Currency }): Promise<CreatedSubscription> {
    return this.call(async () => {
      // default_incomplete: the subscription waits for the Payment Element to pay its first invoice.
      // Cards only (docs/adr/0012): a card answers in the page, 3-D Secure included, so the signup
      // always finishes where it started; methods that leave for their bank's site are not offered.
      const sub = await this.stripe.subscriptions.create({
        customer: input.customerId,
        items: [{ price: this.pricesIn(input.currency)[input.interval], quantity: input.seats }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        expand: ['latest_invoice.confirmation_secret', 'default_payment_method'],
      });
      return { subscription: fromStripeSubscription(sub, nowSeconds()), clientSecret: invoiceClientSecret(sub.latest_invoice) };
    });
  }

  getSubscription(id: string): Promise<ProviderSubscription | null> {
    return this.call(async () => {
      const sub = await this.stripe.subscriptions.retrieve(id, { expand: ['default_payment_method', 'schedule'] });
      return this.read(sub);
    }, true);
  }

  pendingPaymentSecret(subscriptionId: string): Promise<string | null> {
    return this.call(async () => {
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.confirmation_secret'] });
      return sub.status === 'incomplete' ? invoiceClientSecret(sub.latest_invoice) : null;
    });
  }

  changeSeats(subscriptionId: string, seats: number, options: ChangeSeatsOptions = {}): Promise<ChargedChange> {
    return this.call(async () => {
      const current = await this.stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      const adding = seats > (item.quantity ?? 1);
      const sub = await this.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, quantity: seats }],
        // More seats: invoice the prorated amount now and keep the change only if it is paid.
        // Fewer seats: the unused time becomes a credit on the next invoice.
        ...(adding
          ? { proration_behavior: 'always_invoice' as const, payment_behavior: 'pending_if_incomplete' as const }
          : { proration_behavior: 'create_prorations' as const }),
        expand: ['latest_invoice', 'default_payment_method'],
      }, options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined);
      if (sub.pending_update) {
        // Not paid: either the bank wants the customer to authenticate (the change applies once
        // they do), or the card was refused (the pending update lapses by itself).
        return { subscription: fromStripeSubscription(sub, nowSeconds()), amountChargedCents: 0, pendingPayment: await this.pendingPayment(sub) };
      }
      // A switch scheduled for the period end carries the new number of seats into its next phase.
      if (sub.schedule) await this.carrySeatsIntoSchedule(subscriptionId);
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      const charged = adding && invoice && invoice.billing_reason === 'subscription_update' ? invoice.amount_paid : 0;
      return { subscription: fromStripeSubscription(sub, nowSeconds()), amountChargedCents: charged };
    });
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription> {
    return this.call(async () => {
      const sub = await this.stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: cancel,
        expand: ['default_payment_method'],
      });
      return fromStripeSubscription(sub, nowSeconds());
    });
  }

  previewIntervalSwitch(subscriptionId: string, interval: BillingInterval): Promise<IntervalSwitchQuote> {
    return this.call(async () => {
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
      const preview = await this.stripe.invoices.createPreview(previewParams(sub, this.pricesOf(sub)[interval], nowSeconds()));
      const currency = currencyOf(sub.items.data[0]?.price.currency ?? sub.currency, `Stripe subscription ${sub.id}`);
      return quoteFromPreview(preview, this.unitAmounts[currency][interval]);
    });
  }

  switchInterval(subscriptionId: string, interval: BillingInterval, when: SwitchTiming): Promise<ChargedChange> {
    return this.call(async () => {
      const current = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] });
      if (when === 'period_end') {
        const schedule =
          current.schedule && typeof current.schedule === 'object'
            ? current.schedule
            : await this.stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
        await this.stripe.subscriptionSchedules.update(schedule.id, {
          phases: schedulePhases(schedule, current, this.pricesOf(current)[interval]),
          end_behavior: 'release',
        });
        return { subscription: await this.reread(subscriptionId), amountChargedCents: 0 };
      }
      // A switch now replaces one waiting for the period end.
      if (current.schedule) await this.stripe.subscriptionSchedules.release(idOf(current.schedule) ?? '');
      const sub = await this.stripe.subscriptions.update(subscriptionId, switchNowParams(current, this.pricesOf(current)[interval]));
      if (sub.pending_update) {
        return { subscription: this.read(sub), amountChargedCents: 0, pendingPayment: await this.pendingPayment(sub) };
      }
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      return { subscription: { ...this.read(sub), pendingInterval: null }, amountChargedCents: invoice?.amount_paid ?? 0 };
    });
  }

  cancelIntervalSwitch(subscriptionId: string): Promise<ProviderSubscription> {
    return this.call(async () => {
      const current = await this.stripe.subscriptions.retrieve(subscriptionId);
      if (current.schedule) await this.stripe.subscriptionSchedules.release(idOf(current.schedule) ?? '');
      return this.reread(subscriptionId);
    });
  }

  paidInvoices(subscriptionId: string): Promise<ProviderInvoice[]> {
    return this.call(async () => {
      const found: ProviderInvoice[] = [];
      for await (const invoice of this.stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 })) {
        const mapped = fromStripeInvoice(invoice);
        if (mapped) found.push(mapped);
      }
      return found.sort((a, b) => a.created.getTime() - b.created.getTime());
    });
  }

  /** paymentIntents.retrieve: the id is the client secret's part before `_secret_`. */
  paymentStatus(clientSecret: string) {
    return this.call(async () => {
      const intent = await this.stripe.paymentIntents.retrieve(clientSecret.split('_secret_')[0]);
      if (intent.client_secret !== clientSecret) throw new DomainError(ErrorCode.NotFound, 'No such payment');
      return { status: intent.status, errorMessage: intent.last_payment_error?.message ?? null };
    });
  }

  /**
   * The payment of an update kept pending (pending_if_incomplete): its latest invoice's payment
   * intent. requires_action is the customer's to authenticate with Stripe.js; anything else is a
   * refused card, reported as such.
   */
  private async pendingPayment(sub: Stripe.Subscription): Promise<PendingPayment> {
    const invoiceId = typeof sub.latest_invoice === 'string' ? sub.latest_invoice : sub.latest_invoice?.id;
    if (invoiceId) {
      for await (const payment of this.stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 })) {
        const intentId = idOf(payment.payment.payment_intent ?? null);
        if (!intentId) continue;
        const intent = await this.stripe.paymentIntents.retrieve(intentId);
        if (intent.status === 'requires_action' && intent.client_secret) {
          return { clientSecret: intent.client_secret, amountCents: intent.amount };
        }
      }
    }
    throw new DomainError(ErrorCode.PaymentFailed, 'Your card was declined. Please update your payment method and try again.');
  }

  private async carrySeatsIntoSchedule(subscriptionId: string): Promise<void> {
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] });
    const schedule = typeof sub.schedule === 'object' ? sub.schedule : null;
    const periodEnd = sub.items.data[0]?.current_period_end ?? 0;
    const next = schedule?.phases.find((phase) => phase.start_date >= periodEnd);
    const price = idOf(next?.items[0]?.price ?? null);
    if (!schedule || !price) return;
    await this.stripe.subscriptionSchedules.update(schedule.id, { phases: schedulePhases(schedule, sub, price), end_behavior: 'release' });
  }

  private async reread(subscriptionId: string): Promise<ProviderSubscription> {
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method', 'schedule'] });
    return this.read(sub);
  }

  /** With the schedule expanded, the switch it holds; otherwise the read does not say. */
  private read(sub: Stripe.Subscription): ProviderSubscription {
    const mapped = fromStripeSubscription(sub, nowSeconds());
    return typeof sub.schedule === 'string' ? mapped : { ...mapped, pendingInterval: pendingIntervalOf(sub.schedule, sub, this.prices[mapped.currency] ?? { monthly: '', annual: '' }) };
  }

  cancelNow(subscriptionId: string): Promise<ProviderSubscription> {
    return this.call(async () => {
      const sub = await this.stripe.subscriptions.cancel(subscriptionId, { expand: ['default_payment_method'] });
      return fromStripeSubscription(sub, nowSeconds());
    });
  }

  /**
   * Each paid invoice's payments (Stripe's invoice payments), each refunded down to nothing: what
   * was refunded before is left out, and the idempotency key names the amount already refunded, so
   * a repeat of this call (or a retry of one refund) never refunds twice.
   */
  refundPayments(subscriptionId: string): Promise<number> {
    return this.call(async () => {
      let refunded = 0;
      for await (const invoice of this.stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 })) {
        if (!invoice.id || invoice.amount_paid <= 0) continue;
        for await (const payment of this.stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 100 })) {
          const intent = payment.payment.payment_intent;
          const intentId = typeof intent === 'string' ? intent : intent?.id;
          if (!intentId || !payment.amount_paid) continue;
          let before = 0;
          for await (const refund of this.stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
            if (refund.status !== 'failed' && refund.status !== 'canceled') before += refund.amount;
          }
          const amount = payment.amount_paid - before;
          if (amount <= 0) continue;
          const refund = await this.stripe.refunds.create(
            { payment_intent: intentId, amount, reason: 'requested_by_customer', metadata: { subscription: subscriptionId } },
            { idempotencyKey: `refund:${intentId}:${before}` },
          );
          if (refund.status !== 'failed' && refund.status !== 'canceled') refunded += refund.amount;
        }
      }
      return refunded;
    });
  }

  /** Stripe's Customer Portal: card changes and invoices, hosted by Stripe. */
  paymentMethodUpdateUrl(customerId: string, returnUrl: string): Promise<string | null> {
    return this.call(async () => {
      const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    });
  }

  /**
   * Runs Stripe calls with their errors as DomainErrors (stripeFailure); `missingIsNull`: a missing
   * object reads as null. What Stripe refused or failed is logged as a warning for the operator: the
   * customer sees a 4xx or a 503, which would otherwise leave no trace of, say, a misconfigured price.
   */
  private async call<T>(work: () => Promise<T>, missingIsNull?: false): Promise<T>;
  private async call<T>(work: () => Promise<T>, missingIsNull: true): Promise<T | null>;
  private async call<T>(work: () => Promise<T>, missingIsNull = false): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof Stripe.errors.StripeError) {
        if (missingIsNull && error.code === 'resource_missing') return null;
        if (error.type !== 'StripeCardError') {
          this.logger.warn({ stripe: { type: error.type, code: error.code, param: error.param, status: error.statusCode, requestId: error.requestId } }, `Stripe refused or failed a request: ${error.message}`);
        }
        throw stripeFailure(error);
      }
      throw error;
    }
  }
}

/** What the owner reads when Stripe cannot be reached or will not talk to us: not theirs to fix, and worth a retry later. */
export const STRIPE_UNAVAILABLE = 'The payment provider could not be reached. Please try again.';
/** Our keys are refused (revoked, or for another account): the operator's to fix. */
export const STRIPE_REFUSED_US = 'Payments are unavailable right now. Please try again later.';

/**
 * Stripe's errors as DomainErrors, each one an answer a person can act on and never a 500: a
 * refused card is the customer's to fix (402), a request Stripe calls invalid is refused with its
 * reason (400; a missing object 404), a request repeated with other details is a conflict (409),
 * and Stripe unreachable, failing or refusing our keys is "try again later" (503).
 */
export function stripeFailure(error: InstanceType<typeof Stripe.errors.StripeError>): DomainError {
  switch (error.type) {
    case 'StripeCardError':
      return new DomainError(ErrorCode.PaymentFailed, error.message || 'Your card was declined.');
    case 'StripeInvalidRequestError':
      if (error.code === 'resource_missing') return new DomainError(ErrorCode.NotFound, error.message);
      return new DomainError(ErrorCode.Validation, `The payment provider refused this request: ${error.message || 'it was not valid'}`);
    case 'StripeIdempotencyError':
      return new DomainError(ErrorCode.Conflict, 'This payment request was already made with other details. Please reload the page and try again.');
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new DomainError(ErrorCode.Unavailable, STRIPE_REFUSED_US);
    default:
      // StripeConnectionError, StripeAPIError, StripeRateLimitError and anything newer.
      return new DomainError(ErrorCode.Unavailable, STRIPE_UNAVAILABLE);
  }
}

