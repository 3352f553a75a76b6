import { BillingConfigView, InvoiceSummaryView, PaymentSetupView, PurchaseResultView } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { pdfText, TestHttpClient } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { BILLING_ENV, CARDS, createCode, GOOD_EXPIRY, newSignup, register, serviceBus, subscriptionOf, userIdOf } from './billing-fixtures';
import { TestSystem } from './harness';

/** Prices of their own in euros and pounds, so a charge shows which currency's price was taken. */
const PRICES = {
  PRICE_MONTHLY_CENTS: '349',
  PRICE_ANNUAL_CENTS: '3490',
  PRICE_MONTHLY_EUR_CENTS: '329',
  PRICE_ANNUAL_EUR_CENTS: '3290',
  PRICE_MONTHLY_GBP_CENTS: '299',
  PRICE_ANNUAL_GBP_CENTS: '2990',
};

/**
 * Prices in the customer's currency (docs/currencies.md): the sign-up chooses the currency, the
 * test provider charges that currency's price, the invoice records it and its PDF shows it the
 * customer's way; the first payment fixes the account's currency.
 */
describe('currencies', () => {
  let system: TestSystem;
  let bus: BullMqClient;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: { ...BILLING_ENV, ...PRICES } });
    bus = serviceBus(system);
  });
  afterAll(async () => {
    await bus.close();
    await system.stop();
  });

  async function customers(): Promise<number> {
    const [row] = await sql<{ n: number }>(system, `SELECT count(*)::int AS n FROM billing.customers`);
    return row.n;
  }

  /** Sign-up with payment in `currency`, by a German-speaking buyer. */
  async function signUpIn(currency: string): Promise<{ client: TestHttpClient; setup: PaymentSetupView }> {
    const client = system.client();
    const details = newSignup('monthly');
    const { username, email, billingInterval } = details;
    const started = await client.post('/api/create-signup-payment-intent', { username, email, billingInterval, currency, language: 'de' });
    expect([started.status, started.text]).toEqual([200, expect.any(String)]);
    const setup = started.json as PaymentSetupView;
    const paid = await client.post('/api/test-payments/confirm', { clientSecret: setup.clientSecret, cardNumber: CARDS.visa, expiry: GOOD_EXPIRY, cvc: '123' });
    expect(paid.json).toMatchObject({ status: 'succeeded' });
    const registered = await register(client, { ...details, language: 'de' } as typeof details, setup);
    expect(registered.status).toBe(201);
    return { client, setup };
  }

  async function invoices(client: TestHttpClient): Promise<InvoiceSummaryView[]> {
    const res = await client.get('/api/invoices');
    expect(res.status).toBe(200);
    return res.json as InvoiceSummaryView[];
  }

  async function pdf(client: TestHttpClient, invoiceId: string): Promise<Buffer> {
    const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${system.url('gateway')}/api/invoices/${invoiceId}/pdf`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  it('lists every currency with its prices in GET /api/config', async () => {
    const config = (await system.client().get('/api/config')).json as BillingConfigView;
    expect(config.currencies).toEqual(['usd', 'eur', 'gbp']);
    expect(config.pricesByCurrency).toEqual({
      usd: { monthly: { interval: 'monthly', unitAmountCents: 349 }, annual: { interval: 'annual', unitAmountCents: 3490 } },
      eur: { monthly: { interval: 'monthly', unitAmountCents: 329 }, annual: { interval: 'annual', unitAmountCents: 3290 } },
      gbp: { monthly: { interval: 'monthly', unitAmountCents: 299 }, annual: { interval: 'annual', unitAmountCents: 2990 } },
    });
    expect(config).toMatchObject({ currency: 'usd', prices: { monthly: { unitAmountCents: 349 } } });
  });

  it('a sign-up in EUR pays the EUR price; its invoice is in euros and its PDF shows them the German way', async () => {
    const { client, setup } = await signUpIn('eur');
    expect(setup).toMatchObject({ currency: 'eur', amountCents: 329 });

    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', currency: 'eur', unitAmountCents: 329, periodAmountCents: 329 });
    const charged = await sql<{ amount: number; currency: string }>(
      system,
      `SELECT (data->>'amount')::int AS amount, data->>'currency' AS currency FROM billing.test_objects
       WHERE type = 'payment_intent' AND customer_id = $1 AND data->>'status' = 'succeeded'`,
      [setup.customerId],
    );
    expect(charged).toEqual([{ amount: 329, currency: 'eur' }]);
    const [customer] = await sql<{ currency: string }>(system, `SELECT currency FROM billing.customers WHERE provider_customer_id = $1`, [setup.customerId]);
    expect(customer.currency).toBe('eur');

    const [invoice] = await invoices(client);
    expect(invoice).toMatchObject({ reason: 'subscription_create', totalCents: 329, currency: 'eur' });
    const text = pdfText(await pdf(client, invoice.id));
    expect(text).toEqual(expect.arrayContaining(['Rechnung', 'Zwischensumme', '3,29\u00a0€', 'Bezahlt gesamt (EUR)']));
    expect(text.join(' ')).not.toMatch(/\$\d/);
  });

  it('refuses an unknown currency with a 400 that changes nothing', async () => {
    const before = await customers();
    const details = newSignup('monthly');
    const refused = await system
      .client()
      .post('/api/create-signup-payment-intent', { username: details.username, email: details.email, billingInterval: 'monthly', currency: 'jpy' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Currency must be one of usd, eur, gbp');
    expect(await customers()).toBe(before);

    const { client } = await signUpIn('gbp');
    const had = await subscriptionOf(client);
    const after = await customers();
    const again = await client.post('/api/get-or-create-subscription?interval=annual&currency=EURO');
    expect(again.status).toBe(400);
    expect(again.text).toContain('Currency must be one of usd, eur, gbp');
    expect(await customers()).toBe(after);
    expect(await subscriptionOf(client)).toEqual(had);
  });

  it("keeps the account's currency when a later purchase asks for another", async () => {
    const { client, setup } = await signUpIn('eur');
    const userId = await userIdOf(client);

    // Asking for pounds once paid in euros: the live subscription is answered, in euros, nothing is charged.
    const asked = await client.post('/api/get-or-create-subscription?interval=monthly&currency=gbp');
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({ clientSecret: null, currency: 'eur', subscriptionId: setup.subscriptionId });

    // One more code once the paid seat is used: charged in euros at the euro price (prorated).
    await createCode(bus, userId);
    const bought = await client.post('/api/purchase-qr-code', { price: 3.29 });
    expect(bought.status).toBe(200);
    const purchase = bought.json as PurchaseResultView;
    expect(purchase).toMatchObject({ charged: true, subscription: { seats: 2, currency: 'eur', unitAmountCents: 329 } });
    expect(purchase.amountChargedCents).toBeGreaterThan(0);
    expect(purchase.amountChargedCents).toBeLessThanOrEqual(329);

    const all = await invoices(client);
    expect(all.map((i) => i.currency)).toEqual(['eur', 'eur']);
    const [customer] = await sql<{ currency: string }>(system, `SELECT currency FROM billing.customers WHERE user_id = $1`, [userId]);
    expect(customer.currency).toBe('eur');
    expect(await subscriptionOf(client)).toMatchObject({ currency: 'eur' });
  });
});
