import type Stripe from 'stripe';

/**
 * Stripe-shaped objects for the local Stripe stand-in used by tests. Each is typed with the
 * `stripe` package's own types, so the compiler holds every answer to Stripe's contract.
 */

export function customerObject(id: string, email: string | null, created: number, metadata: Stripe.Metadata): Stripe.Customer {
  return {
    id,
    object: 'customer',
    balance: 0,
    created,
    default_source: null,
    description: null,
    email,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata,
    shipping: null,
  };
}

export function priceObject(id: string, unitAmount: number, interval: 'month' | 'year', created: number): Stripe.Price {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: 'prod_qrcode',
    recurring: { interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

function planObject(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: true,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: 'usd',
    interval: price.recurring?.interval ?? 'month',
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: 'prod_qrcode',
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function paymentMethodObject(id: string, customer: string | null, brand: string, last4: string, created: number): Stripe.PaymentMethod {
  return {
    id,
    object: 'payment_method',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand,
      checks: null,
      country: 'US',
      display_brand: brand,
      exp_month: 12,
      exp_year: 2034,
      fingerprint: `fp_${last4}`,
      funding: 'credit',
      generated_from: null,
      last4,
      networks: null,
      regulated_status: null,
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created,
    customer,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export interface InvoiceFields {
  id: string;
  customer: string;
  subscription: string;
  billingReason: Stripe.Invoice.BillingReason;
  amountDue: number;
  amountPaid: number;
  status: Stripe.Invoice.Status;
  created: number;
  periodStart: number;
  periodEnd: number;
  clientSecret: string | null;
  /** Set when the invoice's lines matter (a change of price, a preview). */
  lines?: Stripe.InvoiceLineItem[];
  /** The customer's balance before this invoice (negative = credit) and the lines' sum. */
  startingBalance?: number;
  total?: number;
}

export function invoiceObject(f: InvoiceFields): Stripe.Invoice {
  return {
    id: f.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'QR Dynamic',
    account_tax_ids: null,
    amount_due: f.amountDue,
    amount_overpaid: 0,
    amount_paid: f.amountPaid,
    amount_remaining: f.amountDue - f.amountPaid,
    amount_shipping: 0,
    application: null,
    attempt_count: f.amountPaid > 0 ? 1 : 0,
    attempted: f.amountPaid > 0,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: f.billingReason,
    collection_method: 'charge_automatically',
    confirmation_secret: f.clientSecret ? { client_secret: f.clientSecret, type: 'payment_intent' } : null,
    created: f.created,
    currency: 'usd',
    custom_fields: null,
    customer: f.customer,
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: f.created,
    ending_balance: Math.min(0, (f.total ?? f.amountDue) + (f.startingBalance ?? 0)),
    footer: null,
    from_invoice: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: f.lines ?? [], has_more: false, url: `/v1/invoices/${f.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    // Stripe numbers an invoice when it is finalized and hosts its page and PDF.
    number: f.status === 'draft' ? null : `${f.id.slice(3, 11).toUpperCase()}-0001`,
    hosted_invoice_url: f.status === 'draft' ? null : `https://invoice.stripe.com/i/acct_fake/${f.id}`,
    invoice_pdf: f.status === 'draft' ? null : `https://pay.stripe.com/invoice/acct_fake/${f.id}/pdf`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: {}, subscription: f.subscription },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: f.periodEnd,
    period_start: f.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: f.startingBalance ?? 0,
    statement_descriptor: null,
    status: f.status,
    status_transitions: { finalized_at: f.created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: f.total ?? f.amountDue,
    subtotal_excluding_tax: f.total ?? f.amountDue,
    test_clock: null,
    total: f.total ?? f.amountDue,
    total_discount_amounts: [],
    total_excluding_tax: f.total ?? f.amountDue,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: f.created,
  };
}

export interface SubscriptionFields {
  id: string;
  itemId: string;
  customer: string;
  status: Stripe.Subscription.Status;
  price: Stripe.Price;
  quantity: number;
  created: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  defaultPaymentMethod: string | Stripe.PaymentMethod | null;
  latestInvoice: string | Stripe.Invoice | null;
  pendingUpdate: Stripe.Subscription.PendingUpdate | null;
  schedule?: string | Stripe.SubscriptionSchedule | null;
}

export function subscriptionObject(f: SubscriptionFields): Stripe.Subscription {
  const item: Stripe.SubscriptionItem = {
    id: f.itemId,
    object: 'subscription_item',
    billing_thresholds: null,
    created: f.created,
    current_period_end: f.periodEnd,
    current_period_start: f.periodStart,
    discounts: [],
    metadata: {},
    plan: planObject(f.price),
    price: f.price,
    quantity: f.quantity,
    subscription: f.id,
    tax_rates: [],
  };
  return {
    id: f.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: f.periodStart,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'classic' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: f.cancelAtPeriodEnd,
    canceled_at: f.canceledAt,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: f.created,
    currency: 'usd',
    customer: f.customer,
    days_until_due: null,
    default_payment_method: f.defaultPaymentMethod,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: f.endedAt,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${f.id}` },
    latest_invoice: f.latestInvoice,
    livemode: false,
    metadata: {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'on_subscription' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: f.pendingUpdate,
    schedule: f.schedule ?? null,
    start_date: f.created,
    status: f.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

export function portalSessionObject(id: string, customer: string, returnUrl: string, created: number): Stripe.BillingPortal.Session {
  return {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_default',
    created,
    customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `https://billing.stripe.com/p/session/test_${id}`,
  };
}

type SubscriptionEventType = 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
type InvoiceEventType = 'invoice.paid' | 'invoice.payment_failed' | 'invoice.upcoming';

function eventBase(id: string, created: number) {
  return {
    id,
    object: 'event' as const,
    api_version: '2025-08-27.basil',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

export function subscriptionEvent(id: string, type: SubscriptionEventType, object: Stripe.Subscription, created: number): Stripe.Event {
  const base = eventBase(id, created);
  switch (type) {
    case 'customer.subscription.created':
      return { ...base, type, data: { object } } satisfies Stripe.CustomerSubscriptionCreatedEvent;
    case 'customer.subscription.updated':
      return { ...base, type, data: { object } } satisfies Stripe.CustomerSubscriptionUpdatedEvent;
    case 'customer.subscription.deleted':
      return { ...base, type, data: { object } } satisfies Stripe.CustomerSubscriptionDeletedEvent;
  }
}

export function invoiceEvent(id: string, type: InvoiceEventType, object: Stripe.Invoice, created: number): Stripe.Event {
  const base = eventBase(id, created);
  switch (type) {
    case 'invoice.paid':
      return { ...base, type, data: { object } } satisfies Stripe.InvoicePaidEvent;
    case 'invoice.payment_failed':
      return { ...base, type, data: { object } } satisfies Stripe.InvoicePaymentFailedEvent;
    case 'invoice.upcoming':
      return { ...base, type, data: { object } } satisfies Stripe.InvoiceUpcomingEvent;
  }
}

/** A paid invoice's payment (Stripe's invoice payments, API 2025-03-31 and later). */
export function invoicePaymentObject(id: string, invoice: InvoiceFields, paymentIntent: string): Stripe.InvoicePayment {
  return {
    id,
    object: 'invoice_payment',
    amount_paid: invoice.amountPaid,
    amount_requested: invoice.amountDue,
    created: invoice.created,
    currency: 'usd',
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    status: invoice.status === 'paid' ? 'paid' : 'open',
    status_transitions: { canceled_at: null, paid_at: invoice.status === 'paid' ? invoice.created : null },
  };
}

export function refundObject(id: string, paymentIntent: string, amount: number, created: number, metadata: Stripe.Metadata): Stripe.Refund {
  return {
    id,
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: null,
    created,
    currency: 'usd',
    metadata,
    payment_intent: paymentIntent,
    reason: 'requested_by_customer',
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** One page of a Stripe list (everything fits on it here). */
export function listObject<T>(url: string, data: T[]): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: false, url };
}

export interface PaymentIntentFields {
  id: string;
  clientSecret: string;
  amount: number;
  customer: string;
  paymentMethod: string | null;
  status: Stripe.PaymentIntent.Status;
  created: number;
  /** The card error of the last attempt (a failed 3-D Secure check: payment_intent_authentication_failure). */
  lastError: { code: string; message: string } | null;
}

/**
 * A PaymentIntent as paymentIntents.retrieve answers it. requires_action carries Stripe.js's
 * use_stripe_sdk next action (the 3-D Secure challenge that handleNextAction runs).
 */
export function paymentIntentObject(f: PaymentIntentFields): Stripe.PaymentIntent {
  return {
    id: f.id,
    object: 'payment_intent',
    amount: f.amount,
    amount_capturable: 0,
    amount_received: f.status === 'succeeded' ? f.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: f.clientSecret,
    confirmation_method: 'automatic',
    created: f.created,
    currency: 'usd',
    customer: f.customer,
    description: 'Subscription update',
    excluded_payment_method_types: null,
    last_payment_error: f.lastError
      ? ({ type: 'card_error', code: f.lastError.code, message: f.lastError.message } as Stripe.PaymentIntent.LastPaymentError)
      : null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: f.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    on_behalf_of: null,
    payment_method: f.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: f.status,
    transfer_data: null,
    transfer_group: null,
  };
}
