import { AuthPattern } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import {
  BILLING_ENV,
  CARDS,
  GOOD_EXPIRY,
  newSignup,
  payForSignup,
  register,
  serviceBus,
  signUp,
  subscriptionOf,
} from './billing-fixtures';
import { TestSystem } from './harness';

/** Signup with payment through the test provider: each of Stripe's test cards and what a buyer sees. */
describe('billing: signup with the test card processor', () => {
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

  async function accountExists(email: string): Promise<boolean> {
    return (await bus.request(AuthPattern.CheckAvailability, { username: '-', email })).emailTaken;
  }

  it('tells the web app which provider takes payments and at what price', async () => {
    const res = await system.client().get('/api/config');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      provider: 'test',
      publishableKey: null,
      currency: 'usd',
      prices: {
        monthly: { interval: 'monthly', unitAmountCents: 349 },
        annual: { interval: 'annual', unitAmountCents: 3490 },
      },
      // Prices per currency (docs/currencies.md): the defaults.
      currencies: ['usd', 'eur', 'gbp'],
      pricesByCurrency: {
        usd: { monthly: { interval: 'monthly', unitAmountCents: 349 }, annual: { interval: 'annual', unitAmountCents: 3490 } },
        eur: { monthly: { interval: 'monthly', unitAmountCents: 349 }, annual: { interval: 'annual', unitAmountCents: 3490 } },
        gbp: { monthly: { interval: 'monthly', unitAmountCents: 299 }, annual: { interval: 'annual', unitAmountCents: 2990 } },
      },
      socialLinks: [],
    });
  });

  it('4242 4242 4242 4242: pays, creates the account, signs in, one active seat on that card', async () => {
    const { client, details, setup, outcome, registered } = await signUp(system, CARDS.visa);
    expect(setup).toMatchObject({ status: 'incomplete', interval: 'monthly', seats: 1, amountCents: 349 });
    expect(setup.clientSecret).toEqual(expect.any(String));
    expect(outcome).toMatchObject({ status: 'succeeded', error: null });
    expect(registered.status).toBe(201);
    expect(registered.json).toMatchObject({ username: details.username, email: details.email });

    const sub = await subscriptionOf(client);
    expect(sub).toMatchObject({
      status: 'active',
      provider: 'test',
      interval: 'monthly',
      seats: 1,
      seatsUsed: 0,
      unitAmountCents: 349,
      periodAmountCents: 349,
      cancelAtPeriodEnd: false,
      card: { brand: 'visa', last4: '4242' },
      redirectsEnabled: true,
      entitled: true,
    });
    const days = (Date.parse(sub.currentPeriodEnd!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it('annual plan: $34.90 per code per year, renewing in a year', async () => {
    const { client, setup, registered } = await signUp(system, CARDS.visa, 'annual');
    expect(setup.amountCents).toBe(3490);
    expect(registered.status).toBe(201);
    const sub = await subscriptionOf(client);
    expect(sub).toMatchObject({ status: 'active', interval: 'annual', unitAmountCents: 3490, periodAmountCents: 3490 });
    const days = (Date.parse(sub.currentPeriodEnd!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
  });

  it('4000 0000 0000 0002: declined, and no account is created', async () => {
    const client = system.client();
    const details = newSignup();
    const { setup, outcome } = await payForSignup(client, details, CARDS.declined);
    expect(outcome).toMatchObject({
      status: 'requires_payment_method',
      error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    });
    const registered = await register(client, details, setup);
    expect(registered.status).toBe(402);
    expect(registered.json.message).toBe('Your payment has not been completed yet.');
    expect(await accountExists(details.email)).toBe(false);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('4000 0000 0000 9995: insufficient funds, and no account is created', async () => {
    const client = system.client();
    const details = newSignup();
    const { setup, outcome } = await payForSignup(client, details, CARDS.insufficientFunds);
    expect(outcome).toMatchObject({
      status: 'requires_payment_method',
      error: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect((await register(client, details, setup)).status).toBe(402);
    expect(await accountExists(details.email)).toBe(false);
  });

  it('a declined card can be replaced by a good one on the same payment', async () => {
    const client = system.client();
    const details = newSignup();
    const { setup } = await payForSignup(client, details, CARDS.declined);
    const retry = await client.post('/api/test-payments/confirm', {
      clientSecret: setup.clientSecret,
      cardNumber: CARDS.visa,
      expiry: GOOD_EXPIRY,
      cvc: '123',
    });
    expect(retry.json.status).toBe('succeeded');
    expect((await register(client, details, setup)).status).toBe(201);
  });

  it('4000 0000 0000 0341: the card attaches and the first payment goes through', async () => {
    const { client, outcome, registered } = await signUp(system, CARDS.failsRenewals);
    expect(outcome.status).toBe('succeeded');
    expect(registered.status).toBe(201);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', card: { brand: 'visa', last4: '0341' } });
  });

  it('4000 0025 0000 3155: asks for authentication; approving it pays', async () => {
    const client = system.client();
    const details = newSignup();
    const { setup, outcome } = await payForSignup(client, details, CARDS.needsAuthentication);
    expect(outcome).toMatchObject({ status: 'requires_action', nextAction: { type: 'authenticate' } });
    expect((await register(client, details, setup)).status).toBe(402);

    const approved = await client.post('/api/test-payments/authenticate', { clientSecret: setup.clientSecret, approve: true });
    expect(approved.json).toMatchObject({ status: 'succeeded', error: null });
    expect((await register(client, details, setup)).status).toBe(201);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', card: { last4: '3155' } });
  });

  it('4000 0025 0000 3155: failing the authentication refuses the payment', async () => {
    const client = system.client();
    const details = newSignup();
    const { setup } = await payForSignup(client, details, CARDS.needsAuthentication);
    const failed = await client.post('/api/test-payments/authenticate', { clientSecret: setup.clientSecret, approve: false });
    expect(failed.json).toMatchObject({
      status: 'requires_payment_method',
      error: { code: 'payment_intent_authentication_failure' },
    });
    expect((await register(client, details, setup)).status).toBe(402);
    expect(await accountExists(details.email)).toBe(false);
  });

  it('answers a mistyped card like the Payment Element would', async () => {
    const client = system.client();
    const details = newSignup();
    const { setup } = await payForSignup(client, details, '4242 4242');
    const confirm = (card: Record<string, string>) =>
      client.post('/api/test-payments/confirm', { clientSecret: setup.clientSecret, cvc: '123', expiry: GOOD_EXPIRY, ...card });
    expect((await confirm({ cardNumber: '4242 4242' })).json.error.message).toBe('Your card number is incomplete.');
    expect((await confirm({ cardNumber: '4242 4242 4242 4241' })).json.error.message).toBe('Your card number is invalid.');
    expect((await confirm({ cardNumber: CARDS.visa, expiry: '01 / 20' })).json.error.message).toBe(
      "Your card's expiration year is in the past.",
    );
    expect((await confirm({ cardNumber: CARDS.visa, cvc: '1' })).json.error.code).toBe('incomplete_cvc');
    expect((await confirm({ cardNumber: '4111 1111 1111 1111' })).json.error.declineCode).toBe('test_mode_live_card');
  });

  it('checks that the username and email are free before any payment is set up', async () => {
    const { details } = await signUp(system);
    const client = system.client();
    const sameName = await client.post('/api/create-signup-payment-intent', {
      username: details.username.toUpperCase(),
      email: newSignup().email,
      billingInterval: 'monthly',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.json.fields).toEqual({ username: 'That username is already taken' });
    const sameEmail = await client.post('/api/create-signup-payment-intent', {
      username: newSignup().username,
      email: details.email,
      billingInterval: 'monthly',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.fields).toEqual({ email: 'An account with that email already exists' });
  });

  it('creates an account only with a paid subscription bought for that email, once', async () => {
    const client = system.client();
    const details = newSignup();
    const withoutPayment = await client.post('/api/register', details);
    expect(withoutPayment.status).toBe(402);

    const { setup } = await payForSignup(client, details, CARDS.visa);
    const otherEmail = await register(client, { ...details, email: `x${details.email}` }, setup);
    expect(otherEmail.status).toBe(403);
    expect(otherEmail.json.message).toBe('This payment was made for a different email address.');

    expect((await register(client, details, setup)).status).toBe(201);
    const again = await register(system.client(), { ...details, username: `${details.username}x` }, setup);
    expect(again.status).toBe(409);
  });

  it('keeps payments of the same email apart: one browser cannot use another one\'s payment ids', async () => {
    const details = newSignup();
    const first = await payForSignup(system.client(), details, CARDS.visa);
    const second = await payForSignup(system.client(), details, CARDS.declined);
    expect(second.setup.customerId).not.toBe(first.setup.customerId);
    expect(second.setup.subscriptionId).not.toBe(first.setup.subscriptionId);
  });
});
