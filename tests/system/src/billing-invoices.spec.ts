import { ClockView, InvoiceSummaryView, InvoiceView } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { TestHttpClient } from '@qrd/testing';
import { newUser, signIn, sql } from './accounts-fixtures';
import { BILLING_ENV, CARDS, createCode, serviceBus, signUp, userIdOf } from './billing-fixtures';
import { TestSystem } from './harness';

const SELLER = {
  SELLER_NAME: 'QR Dynamic Ltd',
  SELLER_ADDRESS: '1 Market Street|Springfield 12345|United States',
  SELLER_EMAIL: 'billing@example.com',
  SELLER_VAT_ID: 'US123456789',
  TAX_RATE_PERCENT: '20',
  TAX_LABEL: 'Sales tax',
};

/**
 * Every successful charge becomes an invoice in our records whose total is what the card was
 * charged: signup (monthly, annual), a seat added mid-period, a renewal, a switch of interval.
 * The charges are read from the test card processor's own payment records.
 */
describe('billing: invoices', () => {
  let system: TestSystem;
  let bus: BullMqClient;
  let admin: TestHttpClient;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: { ...BILLING_ENV, ...SELLER } });
    bus = serviceBus(system);
    admin = await signIn(system, await newUser(system, { role: 'admin' }));
  });
  afterAll(async () => {
    await bus.close();
    await system.stop();
  });

  async function advance(days: number): Promise<ClockView> {
    const res = await admin.post('/api/admin/billing/advance-clock', { days });
    expect(res.status).toBe(200);
    return res.json as ClockView;
  }

  async function invoices(client: TestHttpClient): Promise<InvoiceSummaryView[]> {
    const res = await client.get('/api/invoices');
    expect(res.status).toBe(200);
    return (res.json as unknown as InvoiceSummaryView[]).slice().reverse();
  }

  async function invoice(client: TestHttpClient, id: string): Promise<InvoiceView> {
    const res = await client.get(`/api/invoices/${id}`);
    expect(res.status).toBe(200);
    return res.json as unknown as InvoiceView;
  }

  /** What the processor charged the customer's cards, oldest first (succeeded payments only). */
  async function charges(customerId: string): Promise<number[]> {
    const rows = await sql<{ amount: number }>(
      system,
      `SELECT (data->>'amount')::int AS amount FROM billing.test_objects
       WHERE type = 'payment_intent' AND customer_id = $1 AND data->>'status' = 'succeeded' ORDER BY (data->>'created')::bigint, created_at`,
      [customerId],
    );
    return rows.map((r) => r.amount);
  }

  it('monthly: signup, a seat added mid-period and the renewal, each invoiced at what was charged', async () => {
    const { client, setup } = await signUp(system, CARDS.visa, 'monthly');
    const userId = await userIdOf(client);
    const details = await client.put('/api/billing-details', {
      name: 'Ada Buyer',
      company: 'Buyer Co',
      addressLine1: '2 Side Road',
      city: 'Berlin',
      postalCode: '10115',
      country: 'Germany',
      vatId: 'DE123456789',
    });
    expect(details.status).toBe(200);

    const [signup] = await invoices(client);
    expect(signup).toMatchObject({ reason: 'subscription_create', totalCents: 349, hostedUrl: null, pdfUrl: `/api/invoices/${signup.id}/pdf` });
    expect(signup.number).toMatch(/^QRD-\d{4}-\d{6}$/);
    const first = await invoice(client, signup.id);
    expect(first).toMatchObject({
      seller: { name: 'QR Dynamic Ltd', addressLines: ['1 Market Street', 'Springfield 12345', 'United States'], email: 'billing@example.com', vatId: 'US123456789' },
      buyer: { email: expect.stringContaining('@example.com') },
      lines: [{ quantity: 1, unitAmountCents: 349, amountCents: 349, proration: false }],
      subtotalCents: 349,
      creditAppliedCents: 0,
      totalCents: 349,
      // Prices include the configured tax: 20% of a 349-cent total is 58 cents.
      tax: { label: 'Sales tax', ratePercent: 20, amountCents: 58 },
    });

    await createCode(bus, userId);
    await advance(10);
    const bought = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(bought.status).toBe(200);
    await advance(25);

    const all = await invoices(client);
    expect(all.map((i) => i.reason)).toEqual(['subscription_create', 'subscription_update', 'subscription_cycle']);
    expect(all.map((i) => i.totalCents)).toEqual(await charges(setup.customerId));
    expect(all[1].totalCents).toBe(bought.json.amountChargedCents);
    expect(all[2].totalCents).toBe(698);
    const seat = await invoice(client, all[1].id);
    expect(seat.lines).toEqual([expect.objectContaining({ quantity: 1, unitAmountCents: null, amountCents: bought.json.amountChargedCents, proration: true })]);
    // Billing details apply to invoices issued after they were saved.
    expect(seat.buyer).toMatchObject({ name: 'Ada Buyer', company: 'Buyer Co', vatId: 'DE123456789', city: 'Berlin' });
    expect(first.buyer.name).toBe('');
    const numbers = all.map((i) => Number(i.number.slice(-6)));
    expect(new Set(numbers).size).toBe(3);

    const pdf = await client.get(`/api/invoices/${all[2].id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${all[2].number}.pdf"`);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    expect(pdf.text).toContain(`Invoice ${all[2].number}`);
  });

  it('annual signup and a switch to monthly: the credit line, nothing charged, invoiced at 0', async () => {
    const { client, setup } = await signUp(system, CARDS.visa, 'annual');
    const switched = await client.post('/api/subscription/switch', { interval: 'monthly', when: 'now' });
    expect(switched.status).toBe(200);
    const all = await invoices(client);
    expect(all.map((i) => i.totalCents)).toEqual([3490, 0]);
    expect((await charges(setup.customerId))).toEqual([3490]);
    const change = await invoice(client, all[1].id);
    expect(change.lines).toHaveLength(2);
    const [credit, period] = change.lines;
    expect(credit.amountCents).toBeLessThan(-3400);
    expect(period).toMatchObject({ quantity: 1, unitAmountCents: 349, amountCents: 349, proration: false });
    expect(change.subtotalCents).toBe(credit.amountCents + 349);
  });

  it('a switch monthly -> annual now is invoiced at the prorated amount charged', async () => {
    const { client, setup } = await signUp(system, CARDS.visa, 'monthly');
    await advance(5);
    const switched = await client.post('/api/subscription/switch', { interval: 'annual', when: 'now' });
    expect(switched.status).toBe(200);
    const all = await invoices(client);
    expect(all.map((i) => i.totalCents)).toEqual([349, switched.json.amountChargedCents]);
    expect(all.map((i) => i.totalCents)).toEqual(await charges(setup.customerId));
    const change = await invoice(client, all[1].id);
    expect(change.lines.map((l) => l.amountCents).reduce((a, b) => a + b, 0)).toBe(switched.json.amountChargedCents);
  });

  it("refuses bad billing details and another account's invoice with a 4xx", async () => {
    const { client } = await signUp(system, CARDS.visa, 'monthly');
    const [own] = await invoices(client);
    const stranger = await signIn(system, await newUser(system));
    expect((await stranger.get(`/api/invoices/${own.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/invoices/${own.id}/pdf`)).status).toBe(404);
    expect((await stranger.get('/api/invoices')).json).toEqual([]);
    expect((await client.get('/api/invoices/not-an-id')).status).toBe(404);
    expect((await client.get('/api/invoices/not-an-id/pdf')).status).toBe(404);

    for (const body of [{}, { name: 'x'.repeat(201) }, { name: 'A', vatId: '123' }, { name: 'A', city: 5 }, { name: ['A'] }]) {
      const res = await client.put('/api/billing-details', body);
      expect(res.status).toBe(400);
    }
    const saved = await client.put('/api/billing-details', { name: '  Ada  ', vatId: '' });
    expect(saved.json).toMatchObject({ name: 'Ada', vatId: '', company: '' });
    expect((await client.get('/api/billing-details')).json).toMatchObject({ name: 'Ada' });
  });
});
