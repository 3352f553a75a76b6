import type { Currency, PaymentIntentStatus, SubscriptionStatus } from '@qrd/contracts';
import type { CardBehaviour, CardError } from './sandbox-cards';

/**
 * The offline processor's objects: the subset of Stripe's object model it needs, with Stripe's
 * names (unix-second timestamps, ids with Stripe's prefixes, amounts in cents).
 */
export type Unix = number;
export type PriceInterval = 'month' | 'year';

export interface TpCustomer {
  id: string;
  object: 'customer';
  email: string;
  created: Unix;
  /** Negative = credit (Stripe's convention), applied to the next invoice. */
  balance: number;
  invoice_settings: { default_payment_method: string | null };
  metadata: Record<string, string>;
}

export interface TpPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  created: Unix;
  /** Not Stripe's: how this test card answers charges. */
  behaviour: CardBehaviour;
}

export interface TpPrice {
  id: string;
  unit_amount: number;
  currency: Currency;
  recurring: { interval: PriceInterval };
}

export interface TpSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  created: Unix;
  billing_cycle_anchor: Unix;
  /** Periods completed since the anchor (so month ends never drift: Jan 31 -> Feb 28 -> Mar 31). */
  period_index: number;
  current_period_start: Unix;
  current_period_end: Unix;
  cancel_at_period_end: boolean;
  canceled_at: Unix | null;
  ended_at: Unix | null;
  quantity: number;
  price: TpPrice;
  /**
   * Not Stripe's (a subscription schedule's next phase there): the price the subscription moves to
   * at current_period_end, with a new billing cycle. Absent on subscriptions stored before it existed.
   */
  pending_price?: TpPrice | null;
  /**
   * Stripe's pending_update: a change made with payment_behavior=pending_if_incomplete whose
   * invoice waits for the customer to authenticate the payment. Applied when that invoice is paid,
   * dropped when the authentication fails or another change replaces it.
   */
  pending_update?: TpPendingUpdate | null;
  default_payment_method: string | null;
  latest_invoice: string | null;
  /** Not Stripe's (it lists them through /v1/invoices): invoices still waiting for payment. */
  open_invoices: string[];
}

export interface TpPendingUpdate {
  invoice: string;
  expires_at: Unix;
  /** The subscription's fields once the invoice is paid. */
  changes: Partial<Pick<TpSubscription, 'quantity' | 'price' | 'pending_price' | 'billing_cycle_anchor' | 'period_index' | 'current_period_start' | 'current_period_end'>>;
  /** The customer's balance once the invoice is paid (credit it used or carried). */
  balance: number;
}

export type InvoiceBillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

/** Stripe's invoice line: a period of seats at a price, or a proration (negative = credit). */
export interface TpInvoiceLine {
  description: string;
  quantity: number;
  /** Null on a prorated line. */
  unit_amount: number | null;
  amount: number;
  period_start: Unix;
  period_end: Unix;
  proration: boolean;
}

export interface TpInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  subscription: string;
  billing_reason: InvoiceBillingReason;
  amount_due: number;
  amount_paid: number;
  status: 'open' | 'paid' | 'void';
  payment_intent: string | null;
  attempt_count: number;
  next_payment_attempt: Unix | null;
  created: Unix;
  period_start: Unix;
  period_end: Unix;
  /** Absent on invoices stored before currencies (US dollars). */
  currency?: Currency;
  /** Absent on invoices stored before lines were kept. */
  lines?: TpInvoiceLine[];
  /** The customer's credit that paid part of the lines (Stripe: starting_balance). */
  credit_applied?: number;
}

export interface TpPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: Currency;
  customer: string;
  invoice: string;
  status: PaymentIntentStatus;
  client_secret: string;
  payment_method: string | null;
  last_payment_error: CardError | null;
  next_action: { type: 'use_stripe_sdk' } | null;
  off_session: boolean;
  created: Unix;
}

export interface TpRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: Currency;
  customer: string;
  payment_intent: string;
  status: 'succeeded';
  created: Unix;
}

export type TpObject = TpCustomer | TpPaymentMethod | TpSubscription | TpInvoice | TpPaymentIntent | TpRefund;
export type TpType = TpObject['object'];

export const ID_PREFIX: Record<TpType, string> = {
  customer: 'cus_',
  payment_method: 'pm_',
  subscription: 'sub_',
  invoice: 'in_',
  payment_intent: 'pi_',
  refund: 're_',
};

/** Stripe's billing periods: the anchor plus n months or years, clamped to the month's last day. */
export function addPeriods(anchor: Unix, interval: PriceInterval, n: number): Unix {
  const start = new Date(anchor * 1000);
  const months = interval === 'month' ? n : 12 * n;
  const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + months) / 12);
  const month = (start.getUTCMonth() + months) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return (
    Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) / 1000
  );
}

/** Stripe's default wait before an incomplete subscription expires. */
export const INCOMPLETE_EXPIRY_SECONDS = 23 * 3600;
/** Days between payment retries of a failed renewal; after the last one the subscription is unpaid. */
export const RETRY_DELAYS_DAYS = [3, 5, 7] as const;
export const DAY = 86_400;
