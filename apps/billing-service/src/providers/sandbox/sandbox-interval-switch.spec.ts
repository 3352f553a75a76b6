import { quoteIntervalSwitch } from './sandbox-interval-switch';
import { addPeriods, DAY, TpCustomer, TpPrice, TpSubscription } from './sandbox-objects';

const MONTHLY: TpPrice = { id: 'price_test_month', unit_amount: 349, currency: 'usd', recurring: { interval: 'month' } };
const ANNUAL: TpPrice = { id: 'price_test_year', unit_amount: 3490, currency: 'usd', recurring: { interval: 'year' } };
const START = Date.UTC(2026, 0, 1) / 1000;

function sub(price: TpPrice, quantity: number): TpSubscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    created: START,
    billing_cycle_anchor: START,
    period_index: 0,
    current_period_start: START,
    current_period_end: addPeriods(START, price.recurring.interval, 1),
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    quantity,
    price,
    default_payment_method: 'pm_1',
    latest_invoice: null,
    open_invoices: [],
  };
}

function customer(balance = 0): TpCustomer {
  return { id: 'cus_1', object: 'customer', email: 'a@example.com', created: START, balance, invoice_settings: { default_payment_method: 'pm_1' }, metadata: {} };
}

describe(quoteIntervalSwitch.name, () => {
  it('credits the unused days of a 31-day month and charges a whole year from now', () => {
    // January has 31 days; 10 days used leaves 21.
    const sut = quoteIntervalSwitch(sub(MONTHLY, 2), customer(), ANNUAL, START + 10 * DAY);
    expect(sut.unused).toBe(Math.round((698 * 21) / 31));
    expect(sut.credit).toBe(473);
    expect(sut.amountDue).toBe(6980 - 473);
    expect(sut.creditCarried).toBe(0);
    expect(sut.newPeriodEnd).toBe(addPeriods(START + 10 * DAY, 'year', 1));
  });

  it('keeps what the credit does not use as credit, and counts credit already on the account', () => {
    const sut = quoteIntervalSwitch(sub(ANNUAL, 1), customer(-100), MONTHLY, START);
    expect(sut.credit).toBe(3490 + 100);
    expect(sut.amountDue).toBe(0);
    expect(sut.creditCarried).toBe(3590 - 349);
  });
});
