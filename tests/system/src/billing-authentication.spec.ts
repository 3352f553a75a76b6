import type { IntervalSwitchResultView, PaymentOutcomeView, PurchaseResultView } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { FakeStripeServer, TestHttpClient } from '@qrd/testing';
import { BILLING_ENV, CARDS, createCode, newSignup, register, serviceBus, signUp, subscriptionOf, userIdOf } from './billing-fixtures';
import { TestSystem } from './harness';

/** A purchase as the web app sends it: one Idempotency-Key per seat the customer means to buy. */
function purchase(client: TestHttpClient, key: string) {
  return client.post('/api/purchase-qr-code', { price: 3.49 }, { 'Idempotency-Key': key });
}

/**
 * 3-D Secure on payments made after signup (Stripe's card 4000 0027 6000 3184 asks every time):
 * the seat waits for the customer's authentication instead of being reported as declined, and is
 * added, charged once, when the customer completes it.
 */
describe('billing: 3-D Secure with the test provider', () => {
  let system: TestSystem;
  let bus: BullMqClient;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
    bus = serviceBus(system);
  });
  afterAll(async () => {
    await bus.close();
    await system.stop();
  });

  /** Signup with the card that always asks: the first payment is authenticated too. */
  async function authenticatedSubscriber() {
    const { client, setup, outcome } = await signUpAuthenticating();
    const userId = await userIdOf(client);
    await createCode(bus, userId);
    return { client, userId, setup, outcome };
  }

  async function signUpAuthenticating() {
    const client = system.client();
    const details = newSignup();
    const started = await client.post('/api/create-signup-payment-intent', {
      username: details.username,
      email: details.email,
      billingInterval: 'monthly',
    });
    const setup = started.json;
    const confirmed = await client.post('/api/test-payments/confirm', {
      clientSecret: setup.clientSecret,
      cardNumber: CARDS.alwaysAuthenticates,
      expiry: '12 / 34',
      cvc: '123',
    });
    const outcome = confirmed.json as PaymentOutcomeView;
    expect(outcome).toMatchObject({ status: 'requires_action', nextAction: { type: 'authenticate' } });
    const approved = await client.post('/api/test-payments/authenticate', { clientSecret: setup.clientSecret, approve: true });
    expect(approved.json).toMatchObject({ status: 'succeeded' });
    expect((await register(client, details, setup)).status).toBe(201);
    return { client, setup, outcome };
  }

  it('signup, then a seat: the purchase waits for authentication, and completing it adds the seat, charged once', async () => {
    const { client } = await authenticatedSubscriber();
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', seats: 1, seatsUsed: 1, card: { last4: '3184' } });

    const first = await purchase(client, 'seat-3ds-1');
    expect(first.status).toBe(200);
    const pending = first.json as PurchaseResultView;
    expect(pending).toMatchObject({ charged: false, amountChargedCents: 0, subscription: { seats: 1 } });
    expect(pending.authentication?.clientSecret).toEqual(expect.any(String));
    expect(pending.authentication?.amountCents).toBeGreaterThan(0);
    expect(pending.authentication?.amountCents).toBeLessThanOrEqual(349);
    // Nothing is added before the customer answers the bank; asking again shows the same challenge.
    expect((await purchase(client, 'seat-3ds-1')).json).toMatchObject({ authentication: { clientSecret: pending.authentication?.clientSecret } });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1 });

    const answered = await client.post('/api/test-payments/authenticate', { clientSecret: pending.authentication?.clientSecret, approve: true });
    expect(answered.json).toMatchObject({ status: 'succeeded' });
    const done = await purchase(client, 'seat-3ds-1');
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      charged: true,
      amountChargedCents: pending.authentication?.amountCents,
      authentication: null,
      subscription: { seats: 2 },
    });
    // A repeat buys nothing more.
    expect((await purchase(client, 'seat-3ds-1')).json).toMatchObject({ charged: true, subscription: { seats: 2 } });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, status: 'active' });
  });

  it('a failed authentication adds nothing; trying again asks again and can complete', async () => {
    const { client } = await authenticatedSubscriber();
    const first = (await purchase(client, 'seat-3ds-2')).json as PurchaseResultView;
    const failed = await client.post('/api/test-payments/authenticate', { clientSecret: first.authentication?.clientSecret, approve: false });
    expect(failed.json).toMatchObject({ error: { code: 'payment_intent_authentication_failure' } });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, status: 'active' });

    const again = (await purchase(client, 'seat-3ds-2')).json as PurchaseResultView;
    expect(again.authentication?.clientSecret).toEqual(expect.any(String));
    expect(again.authentication?.clientSecret).not.toBe(first.authentication?.clientSecret);
    await client.post('/api/test-payments/authenticate', { clientSecret: again.authentication?.clientSecret, approve: true });
    expect((await purchase(client, 'seat-3ds-2')).json).toMatchObject({ charged: true, subscription: { seats: 2 } });
  });

  it('a switch of plan asks for authentication too, and takes effect once it is completed', async () => {
    const { client } = await authenticatedSubscriber();
    const switched = await client.post('/api/subscription/switch', { interval: 'annual', when: 'now' });
    expect(switched.status).toBe(200);
    const result = switched.json as IntervalSwitchResultView;
    expect(result).toMatchObject({ amountChargedCents: 0, subscription: { interval: 'monthly' } });
    expect(result.authentication?.amountCents).toBeGreaterThan(3000);
    await client.post('/api/test-payments/authenticate', { clientSecret: result.authentication?.clientSecret, approve: true });
    expect(await subscriptionOf(client)).toMatchObject({ interval: 'annual', unitAmountCents: 3490, status: 'active' });
  });

  it('4000 0025 0000 3155 (set up for later payments) buys a seat without asking again', async () => {
    const { client } = await signUpWith3155();
    await createCode(bus, await userIdOf(client));
    const bought = await purchase(client, 'seat-3155');
    expect(bought.json).toMatchObject({ charged: true, authentication: null, subscription: { seats: 2 } });
  });

  async function signUpWith3155() {
    const signup = await signUp(system, CARDS.needsAuthentication);
    await signup.client.post('/api/test-payments/authenticate', { clientSecret: signup.setup.clientSecret, approve: true });
    const details = signup.details;
    expect((await register(signup.client, details, signup.setup)).status).toBe(201);
    return signup;
  }
});

describe('billing: 3-D Secure with the Stripe provider', () => {
  const fake = new FakeStripeServer([
    { id: 'price_monthly', unitAmount: 349, interval: 'month' },
    { id: 'price_annual', unitAmount: 3490, interval: 'year' },
  ]);
  let system: TestSystem;
  let bus: BullMqClient;

  beforeAll(async () => {
    const apiBase = await fake.start();
    system = await TestSystem.start({
      services: ['auth', 'qr', 'billing', 'gateway'],
      env: {
        ...BILLING_ENV,
        BILLING_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
        STRIPE_PRICE_MONTHLY: 'price_monthly',
        STRIPE_PRICE_ANNUAL: 'price_annual',
        STRIPE_API_BASE: apiBase,
      },
    });
    bus = serviceBus(system);
  });
  afterAll(async () => {
    await bus.close();
    await system.stop();
    await fake.stop();
  });

  async function subscriber() {
    const client = system.client();
    const details = newSignup();
    const setup = await client.post('/api/create-signup-payment-intent', {
      username: details.username,
      email: details.email,
      billingInterval: 'monthly',
    });
    fake.pay(setup.json.subscriptionId, { brand: 'visa', last4: '3184' });
    expect((await register(client, details, setup.json)).status).toBe(201);
    const userId = await userIdOf(client);
    await createCode(bus, userId);
    return { client, subscriptionId: setup.json.subscriptionId as string, customerId: setup.json.customerId as string };
  }

  it('a seat whose payment requires_action answers the challenge; after handleNextAction the seat is added', async () => {
    const { client, subscriptionId, customerId } = await subscriber();
    fake.requireAuthentication(customerId);

    const first = await purchase(client, 'stripe-3ds-1');
    expect(first.status).toBe(200);
    const pending = first.json as PurchaseResultView;
    expect(pending).toMatchObject({ charged: false, subscription: { seats: 1 } });
    expect(pending.authentication?.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(fake.subscription(subscriptionId).pending_update).not.toBeNull();
    // The provider read the pending invoice's payment and its intent, as Stripe's contract has it.
    expect(fake.count('GET', '/v1/invoice_payments')).toBeGreaterThan(0);
    expect(fake.count('GET', '/v1/payment_intents/')).toBeGreaterThan(0);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1 });

    // Stripe.js's handleNextAction in the browser; the customer passes the bank's check.
    fake.authenticate(String(pending.authentication?.clientSecret));
    const done = await purchase(client, 'stripe-3ds-1');
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ charged: true, amountChargedCents: pending.authentication?.amountCents, subscription: { seats: 2 } });
    expect(fake.subscription(subscriptionId)).toMatchObject({ pending_update: null, items: { data: [{ quantity: 2 }] } });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2 });
  });

  it('a failed authentication adds nothing, and a refused card is still a decline (402)', async () => {
    const { client, customerId } = await subscriber();
    fake.requireAuthentication(customerId);
    const pending = (await purchase(client, 'stripe-3ds-2')).json as PurchaseResultView;
    fake.authenticate(String(pending.authentication?.clientSecret), false);
    const retried = (await purchase(client, 'stripe-3ds-2')).json as PurchaseResultView;
    expect(retried).toMatchObject({ charged: false, subscription: { seats: 1 } });
    expect(retried.authentication?.clientSecret).not.toBe(pending.authentication?.clientSecret);

    fake.requireAuthentication(customerId, false);
    fake.failCharges(customerId);
    const declined = await purchase(client, 'stripe-3ds-3');
    expect(declined.status).toBe(402);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1 });
  });
});
