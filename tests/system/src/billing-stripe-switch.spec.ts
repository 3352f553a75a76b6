import type Stripe from 'stripe';
import { IntervalSwitchPreviewView, InvoiceSummaryView } from '@qrd/contracts';
import { decodeQuotedPrintable, FakeStripeServer, SmtpSink, TestHttpClient, waitFor } from '@qrd/testing';
import { BullMqClient } from '@qrd/messaging';
import { BILLING_ENV, createCode, newSignup, register, serviceBus, subscriptionOf, userIdOf } from './billing-fixtures';
import { TestSystem } from './harness';

const WEBHOOK_SECRET = 'whsec_test_secret';

/**
 * Monthly <-> annual on the stripe provider (the real `stripe` package against the local
 * Stripe-shaped server): invoices.createPreview prices it, subscriptions.update switches now,
 * a subscription schedule switches at the period end. Its invoices link Stripe's own page and PDF.
 */
describe('billing: switching interval on Stripe', () => {
  const fake = new FakeStripeServer([
    { id: 'price_monthly', unitAmount: 349, interval: 'month' },
    { id: 'price_annual', unitAmount: 3490, interval: 'year' },
  ]);
  let system: TestSystem;
  let bus: BullMqClient;
  const sink = new SmtpSink();

  beforeAll(async () => {
    const apiBase = await fake.start();
    await sink.start();
    system = await TestSystem.start({
      services: ['auth', 'qr', 'billing', 'gateway'],
      env: {
        ...BILLING_ENV,
        BILLING_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_MONTHLY: 'price_monthly',
        STRIPE_PRICE_ANNUAL: 'price_annual',
        STRIPE_API_BASE: apiBase,
        SMTP_URL: sink.url,
      },
    });
    bus = serviceBus(system);
  });
  afterAll(async () => {
    await bus.close();
    await system.stop();
    await fake.stop();
    await sink.stop();
  });

  async function subscriber(
    interval: 'monthly' | 'annual' = 'monthly',
  ): Promise<{ client: TestHttpClient; subscriptionId: string; customerId: string; email: string }> {
    const client = system.client();
    const details = newSignup(interval);
    const setup = await client.post('/api/create-signup-payment-intent', {
      username: details.username,
      email: details.email,
      billingInterval: interval,
    });
    fake.pay(setup.json.subscriptionId);
    expect((await register(client, details, setup.json)).status).toBe(201);
    return { client, subscriptionId: setup.json.subscriptionId, customerId: setup.json.customerId, email: details.email };
  }

  function deliver(event: Stripe.Event): Promise<Response> {
    const { payload, signature } = fake.signed(event, WEBHOOK_SECRET);
    return fetch(`${system.url('gateway')}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  }

  it("previews with Stripe's invoice preview and switches now with a prorated update", async () => {
    const { client, subscriptionId } = await subscriber();
    const res = await client.get('/api/subscription/switch-preview?interval=annual');
    expect(res.status).toBe(200);
    const quote = res.json as IntervalSwitchPreviewView;
    expect(fake.requests.find((r) => r.path === '/v1/invoices/create_preview' && r.params.subscription === subscriptionId)?.params).toMatchObject({
      subscription_details: { items: { 0: { price: 'price_annual', quantity: '1' } }, proration_behavior: 'always_invoice' },
    });
    // Just subscribed: nearly the whole month is credited against the year.
    expect(quote).toMatchObject({ interval: 'annual', seats: 1, unitAmountCents: 3490, periodAmountCents: 3490, creditCarriedCents: 0 });
    expect(quote.creditCents).toBeGreaterThanOrEqual(348);
    expect(quote.creditCents).toBeLessThanOrEqual(349);
    expect(quote.amountDueNowCents).toBe(3490 - quote.creditCents);

    const switched = await client.post('/api/subscription/switch', { interval: 'annual', when: 'now' });
    expect(switched.status).toBe(200);
    expect(Math.abs(switched.json.amountChargedCents - quote.amountDueNowCents)).toBeLessThanOrEqual(1);
    expect(switched.json.subscription).toMatchObject({ interval: 'annual', unitAmountCents: 3490, pendingInterval: null });
    const update = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).pop();
    expect(update?.params).toMatchObject({
      items: { 0: { price: 'price_annual' } },
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
  });

  it('a refused card leaves the subscription on its interval (pending_if_incomplete)', async () => {
    const { client, customerId } = await subscriber();
    fake.failCharges(customerId);
    const refused = await client.post('/api/subscription/switch', { interval: 'annual', when: 'now' });
    expect(refused.status).toBe(402);
    expect(await subscriptionOf(client)).toMatchObject({ interval: 'monthly', unitAmountCents: 349 });
  });

  it('at the period end: a schedule with a second phase, shown as pending, released to cancel, applied at renewal', async () => {
    const { client, subscriptionId } = await subscriber();
    const scheduled = await client.post('/api/subscription/switch', { interval: 'annual', when: 'period_end' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json).toMatchObject({ amountChargedCents: 0, subscription: { interval: 'monthly', pendingInterval: 'annual' } });
    const sub = fake.subscription(subscriptionId);
    expect(fake.requests.some((r) => r.path === '/v1/subscription_schedules' && r.params.from_subscription === subscriptionId)).toBe(true);
    const phases = fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscription_schedules/sub_sched')).pop();
    expect(phases?.params).toMatchObject({
      end_behavior: 'release',
      phases: {
        0: { items: { 0: { price: 'price_monthly', quantity: '1' } }, end_date: String(sub.items.data[0].current_period_end) },
        1: { items: { 0: { price: 'price_annual', quantity: '1' } }, iterations: '1' },
      },
    });

    // A code bought meanwhile is carried into the schedule's next phase.
    await createCode(bus, await userIdOf(client));
    expect((await client.post('/api/purchase-qr-code', { price: 3.49 })).status).toBe(200);
    const carried = fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscription_schedules/sub_sched')).pop();
    expect(carried?.params).toMatchObject({ phases: { 0: { items: { 0: { quantity: '2' } } }, 1: { items: { 0: { price: 'price_annual', quantity: '2' } } } } });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, pendingInterval: 'annual' });

    const dropped = await client.delete('/api/subscription/switch');
    expect(dropped.json).toMatchObject({ interval: 'monthly', pendingInterval: null });
    expect(fake.subscription(subscriptionId).schedule).toBeNull();

    await client.post('/api/subscription/switch', { interval: 'annual', when: 'period_end' });
    expect(await subscriptionOf(client)).toMatchObject({ pendingInterval: 'annual' });
    // Stripe renews the subscription on the schedule's second phase and says so by webhook.
    const renewed = fake.renew(subscriptionId);
    expect((await deliver(fake.subscriptionEvent('customer.subscription.updated', renewed))).status).toBe(200);
    await waitFor(async () =>
      expect(await subscriptionOf(client)).toMatchObject({ interval: 'annual', unitAmountCents: 3490, pendingInterval: null }),
    );
  });

  it("records Stripe's paid invoices with Stripe's number, hosted page and PDF", async () => {
    const { client, subscriptionId } = await subscriber();
    const switched = await client.post('/api/subscription/switch', { interval: 'annual', when: 'now' });
    expect(switched.status).toBe(200);
    const list = (await client.get('/api/invoices')).json as unknown as InvoiceSummaryView[];
    const paid = fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/invoices' && r.params.subscription === subscriptionId);
    expect(paid.length).toBeGreaterThan(0);
    expect(list.map((i) => i.reason).sort()).toEqual(['subscription_create', 'subscription_update']);
    const change = list.find((i) => i.reason === 'subscription_update');
    expect(change?.totalCents).toBe(switched.json.amountChargedCents);
    for (const invoice of list) {
      expect(invoice.number).toMatch(/^[A-Z0-9]{8}-0001$/);
      expect(invoice.hostedUrl).toMatch(/^https:\/\/invoice\.stripe\.com\//);
      expect(invoice.pdfUrl).toMatch(/^https:\/\/pay\.stripe\.com\/.+\/pdf$/);
    }
    const ours = await client.get(`/api/invoices/${list[0].id}/pdf`);
    expect(ours.status).toBe(404);
    expect(ours.json.message).toBe('This invoice is kept by Stripe: open its PDF from Stripe.');
  });

  it("mails the annual renewal reminder when Stripe's invoice.upcoming arrives", async () => {
    const { subscriptionId, email } = await subscriber('annual');
    // Stripe's clock: five days before the renewal, it says so by webhook (per its settings).
    const soon = fake.change(subscriptionId, { periodEnd: Math.floor(Date.now() / 1000) + 5 * 86_400 });
    expect((await deliver(fake.subscriptionEvent('customer.subscription.updated', soon))).status).toBe(200);
    expect((await deliver(fake.invoiceEvent('invoice.upcoming', subscriptionId))).status).toBe(200);
    const reminder = await waitFor(() => {
      const found = sink.mailsTo(email).map((m) => decodeQuotedPrintable(m.raw)).find((raw) => raw.includes('renews on'));
      if (!found) throw new Error('no reminder yet');
      return found;
    }, 15_000);
    expect(reminder).toContain('1 QR code at $34.90 per year, $34.90 in all, charged to visa ending in 4242.');
  });
});
