import type { DataSource } from 'typeorm';
import { openDatabase } from '@qrd/database';
import { createTestDatabase, TestDatabase } from '@qrd/testing';
import { BILLING_DATABASE } from '../../database';
import { addPeriods, TpCustomer, TpInvoice } from './sandbox-objects';
import { SandboxProcessor } from './sandbox-processor';

const VISA = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };

/** The offline processor on real PostgreSQL: periods, proration and credit like Stripe Billing. */
describe(SandboxProcessor.name, () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let sut: SandboxProcessor;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await openDatabase(db.url, BILLING_DATABASE);
    sut = new SandboxProcessor(dataSource, { usd: { month: 349, year: 3490 }, eur: { month: 349, year: 3490 }, gbp: { month: 299, year: 2990 } });
  });
  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  async function activeSubscription(quantity = 1) {
    const customer = await sut.createCustomer('buyer@example.com', {});
    const { subscription, clientSecret } = await sut.createSubscription(customer.id, 'month', quantity);
    const { outcome } = await sut.confirmPayment(clientSecret, VISA);
    expect(outcome.status).toBe('succeeded');
    return { customer, subscriptionId: subscription.id };
  }

  async function invoicesOf(subscriptionId: string): Promise<TpInvoice[]> {
    const rows = (await dataSource.query(
      `SELECT data FROM billing.test_objects WHERE type = 'invoice' AND data->>'subscription' = $1 ORDER BY (data->>'created')::bigint, created_at`,
      [subscriptionId],
    )) as { data: TpInvoice }[];
    return rows.map((r) => r.data);
  }

  it('charges quantity x price for the first invoice and starts the period when it is paid', async () => {
    const { subscriptionId } = await activeSubscription(3);
    const [first] = await invoicesOf(subscriptionId);
    expect(first).toMatchObject({ billing_reason: 'subscription_create', amount_due: 1047, status: 'paid' });
    const found = await sut.getSubscription(subscriptionId);
    expect(found?.subscription).toMatchObject({ status: 'active', quantity: 3 });
    expect(found?.card?.card.last4).toBe('4242');
  });

  it('prorates a seat added halfway through the period, and credits one removed', async () => {
    const { customer, subscriptionId } = await activeSubscription(1);
    const before = (await sut.getSubscription(subscriptionId))!.subscription;
    const half = Math.round((before.current_period_end - before.current_period_start) / 2 / 86_400);
    await sut.advanceClock(half);

    const added = await sut.updateQuantity(subscriptionId, 2);
    expect(added.amountCharged).toBeGreaterThan(150);
    expect(added.amountCharged).toBeLessThan(200);
    const removed = await sut.updateQuantity(subscriptionId, 1);
    expect(removed.amountCharged).toBe(0);
    const credited = (await sut.getCustomer(customer.id)) as TpCustomer;
    expect(credited.balance).toBeLessThan(-150);

    // The credit pays part of the renewal invoice.
    await sut.advanceClock(half + 1);
    const renewal = (await invoicesOf(subscriptionId)).find((i) => i.billing_reason === 'subscription_cycle');
    expect(renewal).toMatchObject({ status: 'paid', amount_due: 349 + credited.balance });
    expect(((await sut.getCustomer(customer.id)) as TpCustomer).balance).toBe(0);
  });

  it('a clock moved by a year renews a monthly subscription twelve times, each on the anchor day', async () => {
    const { subscriptionId } = await activeSubscription(1);
    const start = (await sut.getSubscription(subscriptionId))!.subscription;
    await sut.advanceClock(366);
    const cycles = (await invoicesOf(subscriptionId)).filter((i) => i.billing_reason === 'subscription_cycle');
    expect(cycles.length).toBeGreaterThanOrEqual(12);
    expect(cycles.every((i) => i.status === 'paid' && i.amount_due === 349)).toBe(true);
    const after = (await sut.getSubscription(subscriptionId))!.subscription;
    expect(after.period_index).toBe(cycles.length);
    expect(after.current_period_end).toBe(addPeriods(start.billing_cycle_anchor, 'month', after.period_index + 1));
    expect(after.current_period_end * 1000).toBeGreaterThan(Date.now() + 366 * 86_400_000);
  });

  it('refuses to confirm an unknown payment', async () => {
    await expect(sut.confirmPayment('pi_unknown_secret_x', VISA)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
