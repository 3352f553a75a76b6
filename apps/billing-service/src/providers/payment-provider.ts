import type {
  BillingInterval,
  BillingProvider,
  Currency,
  InvoiceLineView,
  InvoiceReason,
  PaymentIntentStatus,
  SubscriptionStatus,
  SwitchTiming,
} from '@qrd/contracts';

/**
 * A provider's subscription as the billing-service needs it, in Stripe's terms: quantity = seats.
 * Both providers produce it; our `billing.subscriptions` row is a copy of the newest one seen.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  interval: BillingInterval;
  seats: number;
  unitAmountCents: number;
  /** The currency of its price (Stripe: the price's, lower case). */
  currency: Currency;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  card: { brand: string; last4: string } | null;
  /** The newest invoice (null: none yet; undefined: this read does not say). */
  latestInvoiceId?: string | null;
  /** The interval a scheduled switch moves to at currentPeriodEnd; undefined when this read does not say. */
  pendingInterval?: BillingInterval | null;
  created: Date;
  /** Unix seconds at which this state was read (events created earlier are stale). */
  readAt: number;
}

export interface ProviderCustomer {
  id: string;
  email: string | null;
  /** Credit on the customer's balance, paid out against its next invoices (Stripe: -balance). */
  creditCents: number;
}

export interface CreatedSubscription {
  subscription: ProviderSubscription;
  /** Client secret of the first invoice's payment, for the card form. */
  clientSecret: string | null;
}

/** What switching the billing interval now costs, as the provider computes it. */
export interface IntervalSwitchQuote {
  unitAmountCents: number;
  /** Unused time of the current price, credited. */
  creditCents: number;
  amountDueNowCents: number;
  creditCarriedCents: number;
  newPeriodEnd: Date;
}

/** A paid invoice of the provider, as our invoice records it. */
export interface ProviderInvoice {
  id: string;
  subscriptionId: string;
  /** The provider's own number (Stripe's), or null when we number it. */
  number: string | null;
  created: Date;
  reason: InvoiceReason;
  lines: InvoiceLineView[];
  /** Credit already on the account that paid part of the lines. */
  creditAppliedCents: number;
  amountPaidCents: number;
  /** The currency of every amount of the invoice. */
  currency: Currency;
  /** Stripe's hosted invoice page and PDF. */
  hostedUrl: string | null;
  pdfUrl: string | null;
}

/**
 * A change whose payment waits for the customer (the bank asks for 3-D Secure): Stripe keeps it as
 * the subscription's pending_update and applies it once the payment succeeds. The client secret
 * is what Stripe.js (or the test provider's challenge) answers with.
 */
export interface PendingPayment {
  clientSecret: string;
  amountCents: number;
}

/** What a change that charges answers: kept and charged, or waiting for the customer's authentication. */
export interface ChargedChange {
  subscription: ProviderSubscription;
  amountChargedCents: number;
  /** Set when nothing is charged or changed yet: the payment needs the customer's authentication. */
  pendingPayment?: PendingPayment | null;
}

export interface ChangeSeatsOptions {
  /** Sent to the provider: a repeat of the same change (a retry) is applied and charged once. */
  idempotencyKey?: string;
}

/** One interface, two implementations chosen by configuration (DESIGN.md section 6). */
export interface PaymentProvider {
  readonly name: BillingProvider;
  createCustomer(input: { email: string; userId: string | null }): Promise<ProviderCustomer>;
  getCustomer(id: string): Promise<ProviderCustomer | null>;
  /** Quantity = seats; waits for its first payment ('incomplete') like Stripe's default_incomplete. */
  createSubscription(input: { customerId: string; interval: BillingInterval; seats: number; currency: Currency }): Promise<CreatedSubscription>;
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Client secret of a subscription's unpaid first invoice (to resume a payment), or null. */
  pendingPaymentSecret(subscriptionId: string): Promise<string | null>;
  /**
   * New quantity, prorated: more seats are charged now (the change is kept only if that payment
   * succeeds, else a PaymentFailed DomainError), fewer seats become a credit on the next invoice.
   */
  changeSeats(subscriptionId: string, seats: number, options?: ChangeSeatsOptions): Promise<ChargedChange>;
  /** A payment's state by its client secret (a payment that waited for the customer's authentication). */
  paymentStatus(clientSecret: string): Promise<{ status: PaymentIntentStatus; errorMessage: string | null }>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  /** The cost of switching to `interval` now, changing nothing. */
  previewIntervalSwitch(subscriptionId: string, interval: BillingInterval): Promise<IntervalSwitchQuote>;
  /**
   * Now: the new price at once, the billing cycle reset, the unused time credited and the new
   * period charged (kept only if paid, else a PaymentFailed DomainError). At the period end: the
   * switch is scheduled and nothing is charged until the renewal.
   */
  switchInterval(subscriptionId: string, interval: BillingInterval, when: SwitchTiming): Promise<ChargedChange>;
  /** Every paid invoice of the subscription, oldest first. */
  paidInvoices(subscriptionId: string): Promise<ProviderInvoice[]>;
  /** Drops a switch scheduled for the period end. */
  cancelIntervalSwitch(subscriptionId: string): Promise<ProviderSubscription>;
  cancelNow(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Refunds every payment made for this subscription that is not refunded yet (a paid signup that
   * never became an account). Answers the cents refunded by this call; a repeat refunds nothing.
   */
  refundPayments(subscriptionId: string): Promise<number>;
  /** Stripe: a Customer Portal session URL; the test provider has its own card form instead. */
  paymentMethodUpdateUrl(customerId: string, returnUrl: string): Promise<string | null>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
