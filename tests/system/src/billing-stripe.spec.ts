import IORedis from 'ioredis';
import { createLogger } from '@qrd/config';
import type Stripe from 'stripe';
import { BillingInterval, BulkImportView, QrPattern, RedirectEntry, redirectTableKey } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { FakeStripeServer, TestHttpClient, waitFor } from '@qrd/testing';
import { SETTLE_TIMEOUT_MS } from '../../../apps/billing-service/src/billing/payment-setup.service';
import { BILLING_ENV, createCode, newSignup, register, serviceBus, subscriptionOf, userIdOf } from './billing-fixtures';
import { importDone, upload } from './bulk-import-fixtures';
import { TestSystem } from './harness';
import { LogCapture } from './log-capture';

const WEBHOOK_SECRET = 'whsec_test_secret';

/**
 * The stripe provider with the real `stripe` package, pointed at a local Stripe-shaped server;
 * webhooks signed with the package's own test-signature helper.
 */
describe('billing: the Stripe provider', () => {
  const fake = new FakeStripeServer([
    { id: 'price_monthly', unitAmount: 349, interval: 'month' },
    { id: 'price_annual', unitAmount: 3490, interval: 'year' },
  ]);
  let system: TestSystem;
  let bus: BullMqClient;
  let redis: IORedis;
  const logs = new LogCapture();

  beforeAll(async () => {
    const apiBase = await fake.start();
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
      },
      logger: createLogger('test', 'warn', logs),
    });
    bus = serviceBus(system);
    redis = new IORedis(system.config.redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await bus.close();
    await system.stop();
    await fake.stop();
  });

  /** Step 1 of signup: a customer and a subscription waiting for its first payment. */
  async function signupPayment(interval: BillingInterval = 'monthly') {
    const client = system.client();
    const details = newSignup(interval);
    const setup = await client.post('/api/create-signup-payment-intent', {
      username: details.username,
      email: details.email,
      billingInterval: interval,
    });
    return { client, details, setup };
  }

  /** Signup as the browser does it with the Payment Element: set up, Stripe.js pays, register. */
  async function subscriber(): Promise<{ client: TestHttpClient; userId: string; subscriptionId: string; customerId: string }> {
    const { client, details, setup } = await signupPayment();
    fake.pay(setup.json.subscriptionId);
    expect((await register(client, details, setup.json)).status).toBe(201);
    return { client, userId: await userIdOf(client), subscriptionId: setup.json.subscriptionId, customerId: setup.json.customerId };
  }

  /** A delivery as Stripe makes it: the exact signed bytes, no browser origin. */
  function deliver(event: Stripe.Event, secret = WEBHOOK_SECRET): Promise<Response> {
    const { payload, signature } = fake.signed(event, secret);
    return fetch(`${system.url('gateway')}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  }

  async function redirectOf(slug: string): Promise<RedirectEntry | null> {
    const raw = await redis.get(redirectTableKey(system.config.redisPrefix, slug));
    return raw ? (JSON.parse(raw) as RedirectEntry) : null;
  }

  it('gives the web app the publishable key', async () => {
    const res = await system.client().get('/api/config');
    expect(res.json).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_local' });
  });

  it('signup: a customer and a default_incomplete subscription; the account only once Stripe says it is paid', async () => {
    const { client, details, setup } = await signupPayment('annual');
    expect(setup.status).toBe(200);
    expect(setup.json).toMatchObject({ status: 'incomplete', interval: 'annual', seats: 1, amountCents: 3490 });
    expect(setup.json.clientSecret).toMatch(/^pi_.+_secret_/);
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.params.customer === setup.json.customerId);
    expect(created?.params).toMatchObject({
      items: { 0: { price: 'price_annual', quantity: '1' } },
      payment_behavior: 'default_incomplete',
      // Cards only: every method offered answers in the page, so every payer finishes the signup.
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: { 0: 'card' } },
    });

    expect((await register(client, details, setup.json)).status).toBe(402);
    // Stripe.js confirms the payment in the browser; no webhook has arrived when the form registers.
    fake.pay(setup.json.subscriptionId, { brand: 'mastercard', last4: '4444' });
    expect((await register(client, details, setup.json)).status).toBe(201);
    expect(await subscriptionOf(client)).toMatchObject({
      status: 'active',
      provider: 'stripe',
      interval: 'annual',
      seats: 1,
      unitAmountCents: 3490,
      card: { brand: 'mastercard', last4: '4444' },
    });
  });

  it('signup: a registration sent before Stripe settled the payment completes as soon as the webhook says it is paid', async () => {
    const { client, details, setup } = await signupPayment();
    const reads = () => fake.count('GET', `/v1/subscriptions/${setup.json.subscriptionId}`);
    const readsBefore = reads();
    const started = Date.now();
    const registering = register(client, details, setup.json);

    // The registration has asked Stripe once and waits; then Stripe settles the payment and says so.
    await waitFor(() => expect(reads()).toBe(readsBefore + 1));
    fake.pay(setup.json.subscriptionId);
    expect((await deliver(fake.invoiceEvent('invoice.paid', setup.json.subscriptionId))).status).toBe(200);

    // The webhook reads the subscription, and the waiting registration asks again at once, long
    // before its wait would have run out.
    await waitFor(() => expect(reads()).toBe(readsBefore + 3), SETTLE_TIMEOUT_MS);
    expect(Date.now() - started).toBeLessThan(SETTLE_TIMEOUT_MS);
    expect((await registering).status).toBe(201);
  });

  it('seats: quantity up by one, invoiced now and kept only if paid; a deleted code\'s seat stays paid until the period ends', async () => {
    const { client, userId, subscriptionId, customerId } = await subscriber();
    const first = await createCode(bus, userId);
    const bought = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(bought.status).toBe(200);
    expect(bought.json).toMatchObject({ charged: true, subscription: { seats: 2 } });
    const update = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).at(-1);
    expect(update?.params).toMatchObject({
      items: { 0: { quantity: '2' } },
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    await createCode(bus, userId);

    fake.failCharges(customerId);
    const declined = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(declined.status).toBe(402);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2 });
    fake.failCharges(customerId, false);

    const changes = () => fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);
    const changesBefore = changes().length;
    await bus.request(QrPattern.DeleteCode, { userId, codeId: first.id });
    await waitFor(async () => expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 1 }));
    // No quantity change: the seat is free for the next code, and the renewal drops it if unused.
    expect(changes()).toHaveLength(changesBefore);
  });

  it('a bulk import: every missing seat in one quantity change, invoiced now, once however often it is confirmed', async () => {
    const { client, subscriptionId } = await subscriber();
    const csv = 'name,destination\nA,https://example.com/a\nB,https://example.com/b\nC,https://example.com/c\nD,https://example.com/d\n';
    const draft = (await upload(client, csv)).json as BulkImportView;
    expect(draft.pricing).toMatchObject({ codesToCreate: 4, freeSeats: 1, seatsToBuy: 3, totalCents: 1047 });
    const updates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(updates()).toHaveLength(0);
    const key = { 'Idempotency-Key': `import-${Date.now()}` };
    expect((await client.post(`/api/imports/${draft.id}/confirm`, { totalCents: 1047 }, key)).status).toBe(202);
    expect((await client.post(`/api/imports/${draft.id}/confirm`, { totalCents: 1047 }, key)).status).toBe(202);
    expect((await importDone(client, draft.id)).progress).toMatchObject({ created: 4, seatsBought: 3 });
    expect(updates()).toHaveLength(1);
    expect(updates()[0].params).toMatchObject({ items: { 0: { quantity: '4' } }, proration_behavior: 'always_invoice' });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 4, seatsUsed: 4 });
  });

  it('cancel at period end, resume, and the Customer Portal for the card', async () => {
    const { client, subscriptionId } = await subscriber();
    expect((await client.post('/api/subscription/cancel')).json).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(fake.subscription(subscriptionId).cancel_at_period_end).toBe(true);
    expect((await client.post('/api/subscription/resume')).json).toMatchObject({ cancelAtPeriodEnd: false });
    expect(fake.subscription(subscriptionId).cancel_at_period_end).toBe(false);

    const portal = await client.post('/api/subscription/payment-method');
    expect(portal.status).toBe(200);
    expect(portal.json.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const session = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect(session?.params.return_url).toBe(`${system.config.publicBaseUrl}/account?tab=subscription`);
  });

  it('answers Stripe\'s refusals with a 4xx a person can read and Stripe being down with 503, never 500', async () => {
    const invalid = { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'items[0][quantity]', message: 'Invalid integer: -1' };
    fake.failNext('POST', '/v1/customers', 400, { type: 'invalid_request_error', code: 'email_invalid', param: 'email', message: 'Invalid email address: buyer' });
    const setup = await signupPayment();
    expect(setup.setup.status).toBe(400);
    expect(setup.setup.json.message).toBe('The payment provider refused this request: Invalid email address: buyer');

    const { client, userId, subscriptionId } = await subscriber();
    await createCode(bus, userId);
    fake.failNext('POST', `/v1/subscriptions/${subscriptionId}`, 400, invalid);
    const refused = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('The payment provider refused this request: Invalid integer: -1');
    // The operator sees what Stripe refused (the customer only saw a 400).
    expect(logs.matching('Stripe refused or failed a request: Invalid integer: -1')).toEqual([
      expect.objectContaining({ level: 40, stripe: expect.objectContaining({ type: 'StripeInvalidRequestError', code: 'parameter_invalid_integer', param: 'items[0][quantity]' }) }),
    ]);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1 });

    fake.failNext('POST', `/v1/subscriptions/${subscriptionId}`, 402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      param: '',
      message: 'Your card has insufficient funds.',
    });
    const declined = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(declined.status).toBe(402);
    expect(declined.json.message).toBe('Your card has insufficient funds.');

    fake.failNext('POST', `/v1/subscriptions/${subscriptionId}`, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' });
    const keys = await client.post('/api/subscription/cancel');
    expect(keys.status).toBe(503);
    expect(keys.json.message).toBe('Payments are unavailable right now. Please try again later.');

    // Every attempt the client makes (it retries twice) meets a Stripe outage.
    fake.failNext('POST', '/v1/billing_portal/sessions', 500, { type: 'api_error', message: 'Something went wrong on our end.' }, 3);
    const down = await client.post('/api/subscription/payment-method');
    expect(down.status).toBe(503);
    expect(down.json.message).toBe('The payment provider could not be reached. Please try again.');
    expect((await client.post('/api/purchase-qr-code', { price: 3.49 })).status).toBe(200);
  });

  describe('webhooks', () => {
    it('refuses a bad or missing signature with 400', async () => {
      const { subscriptionId } = await subscriber();
      const event = fake.subscriptionEvent('customer.subscription.updated', fake.subscription(subscriptionId));
      expect((await deliver(event, 'whsec_wrong')).status).toBe(400);
      const unsigned = await fetch(`${system.url('gateway')}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      expect(unsigned.status).toBe(400);
      const { payload, signature } = fake.signed(event, WEBHOOK_SECRET);
      const tampered = await fetch(`${system.url('gateway')}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload.replace('"active"', '"canceled"'),
      });
      expect(tampered.status).toBe(400);
    });

    it('applies a renewal that failed: past_due, codes still redirect', async () => {
      const { client, userId, subscriptionId } = await subscriber();
      const code = await createCode(bus, userId);
      const event = fake.subscriptionEvent('customer.subscription.updated', fake.change(subscriptionId, { status: 'past_due' }));
      const res = await deliver(event);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, duplicate: false });
      await waitFor(async () => expect(await subscriptionOf(client)).toMatchObject({ status: 'past_due', redirectsEnabled: true }));
      expect(await redirectOf(code.slug)).toMatchObject({ state: 'active' });
    });

    it('applies a duplicate delivery once', async () => {
      const { client, subscriptionId } = await subscriber();
      fake.change(subscriptionId, { status: 'past_due' });
      const event = fake.invoiceEvent('invoice.payment_failed', subscriptionId);
      const reads = () => fake.count('GET', `/v1/subscriptions/${subscriptionId}`);
      const readsBefore = reads();

      const first = await deliver(event);
      const second = await deliver(event);
      expect(await first.json()).toEqual({ received: true, duplicate: false });
      expect(await second.json()).toEqual({ received: true, duplicate: true });
      await waitFor(async () => expect((await subscriptionOf(client)).status).toBe('past_due'));
      // The invoice event made the service read the subscription from Stripe, once for both deliveries.
      expect(reads() - readsBefore).toBe(1);
    });

    it('ends in the right state when events arrive out of order (the older one makes it re-read Stripe)', async () => {
      const { client, userId, subscriptionId } = await subscriber();
      const code = await createCode(bus, userId);
      const t = Math.floor(Date.now() / 1000) + 5;
      const older = fake.subscriptionEvent('customer.subscription.updated', fake.change(subscriptionId, { status: 'past_due' }), t);
      const newer = fake.subscriptionEvent('customer.subscription.deleted', fake.change(subscriptionId, { status: 'canceled' }), t + 10);

      expect((await deliver(newer)).status).toBe(200);
      await waitFor(async () => expect((await subscriptionOf(client)).status).toBe('canceled'));
      const readsBefore = fake.count('GET', `/v1/subscriptions/${subscriptionId}`);
      expect((await deliver(older)).status).toBe(200);
      await waitFor(() => expect(fake.count('GET', `/v1/subscriptions/${subscriptionId}`)).toBe(readsBefore + 1));
      expect(await subscriptionOf(client)).toMatchObject({ status: 'canceled', redirectsEnabled: false });
      await waitFor(async () => expect(await redirectOf(code.slug)).toMatchObject({ state: 'suspended' }));
    });

    it('ignores events about customers that are not ours', async () => {
      const stranger = fake.subscriptionEvent('customer.subscription.updated', {
        ...fake.subscription((await subscriber()).subscriptionId),
        id: 'sub_not_ours',
        customer: 'cus_not_ours',
      });
      expect((await deliver(stranger)).status).toBe(200);
    });
  });
});
