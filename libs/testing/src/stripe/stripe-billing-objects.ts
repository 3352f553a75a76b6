import type Stripe from 'stripe';

/** Stripe-shaped invoice lines and subscription schedules for the fake server (API 2025-08-27.basil). */

export interface LineFields {
  id: string;
  invoice: string | null;
  subscription: string;
  subscriptionItem: string;
  price: Stripe.Price;
  quantity: number;
  amount: number;
  proration: boolean;
  description: string;
  periodStart: number;
  periodEnd: number;
}

export function lineItemObject(f: LineFields): Stripe.InvoiceLineItem {
  return {
    id: f.id,
    object: 'line_item',
    amount: f.amount,
    currency: 'usd',
    description: f.description,
    discount_amounts: [],
    discountable: !f.proration,
    discounts: [],
    invoice: f.invoice,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: f.proration,
        proration_details: f.proration ? { credited_items: null } : null,
        subscription: f.subscription,
        subscription_item: f.subscriptionItem,
      },
      type: 'subscription_item_details',
    },
    period: { start: f.periodStart, end: f.periodEnd },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: f.price.id, product: typeof f.price.product === 'string' ? f.price.product : f.price.product.id },
      type: 'price_details',
      unit_amount_decimal: f.proration ? null : String(f.price.unit_amount ?? 0),
    },
    quantity: f.quantity,
    subscription: f.subscription,
    taxes: [],
  };
}

export interface PhaseFields {
  start: number;
  end: number;
  price: string;
  quantity: number;
}

export interface ScheduleFields {
  id: string;
  customer: string;
  subscription: string | null;
  status: Stripe.SubscriptionSchedule.Status;
  created: number;
  releasedAt: number | null;
  releasedSubscription: string | null;
  endBehavior: Stripe.SubscriptionSchedule.EndBehavior;
  phases: PhaseFields[];
}

function phaseObject(p: PhaseFields): Stripe.SubscriptionSchedule.Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: 'usd',
    default_payment_method: null,
    description: null,
    discounts: [],
    end_date: p.end,
    invoice_settings: null,
    items: [{ billing_thresholds: null, discounts: [], metadata: {}, plan: p.price, price: p.price, quantity: p.quantity, tax_rates: [] }],
    metadata: {},
    on_behalf_of: null,
    proration_behavior: 'create_prorations',
    start_date: p.start,
    transfer_data: null,
    trial_end: null,
  };
}

export function scheduleObject(f: ScheduleFields, now: number): Stripe.SubscriptionSchedule {
  const current = f.status === 'active' ? f.phases.find((p) => p.start <= now && now < p.end) : undefined;
  return {
    id: f.id,
    object: 'subscription_schedule',
    application: null,
    billing_mode: { type: 'classic' },
    canceled_at: null,
    completed_at: null,
    created: f.created,
    current_phase: current ? { start_date: current.start, end_date: current.end } : null,
    customer: f.customer,
    default_settings: {
      application_fee_percent: null,
      billing_cycle_anchor: 'automatic',
      billing_thresholds: null,
      collection_method: 'charge_automatically',
      default_payment_method: null,
      description: null,
      invoice_settings: { account_tax_ids: null, days_until_due: null, issuer: { type: 'self' } },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: f.endBehavior,
    livemode: false,
    metadata: {},
    phases: f.phases.map(phaseObject),
    released_at: f.releasedAt,
    released_subscription: f.releasedSubscription,
    status: f.status,
    subscription: f.subscription,
    test_clock: null,
  };
}
