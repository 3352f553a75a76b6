import { BillingInterval, Currency, PaymentOutcomeView, PaymentSetupView, QrCodeView, QrPattern, SubscriptionView } from '@qrd/contracts';
import { createLogger } from '@qrd/config';
import { BullMqClient } from '@qrd/messaging';
import { TestHttpClient, TestResponse } from '@qrd/testing';
import { TestSystem } from './harness';

/** Fixtures of the billing tests: signup through the test card processor, codes over the bus. */

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  failsRenewals: '4000 0000 0000 0341',
  needsAuthentication: '4000 0025 0000 3155',
  alwaysAuthenticates: '4000 0027 6000 3184',
} as const;

export const GOOD_EXPIRY = '12 / 34';

/** Signups are rate limited per address; every test signs up from 127.0.0.1. */
export const BILLING_ENV = { RATE_LIMIT_SIGNUP_PER_HOUR: '10000', RATE_LIMIT_AVAILABILITY_PER_MINUTE: '10000' };

let sequence = 0;

export interface SignupDetails {
  username: string;
  email: string;
  password: string;
  billingInterval: BillingInterval;
}

export function newSignup(interval: BillingInterval = 'monthly'): SignupDetails {
  sequence += 1;
  const username = `buyer${sequence}_${Date.now().toString(36)}`;
  return { username, email: `${username}@example.com`, password: 'Correct-horse-1', billingInterval: interval };
}

export interface Signup {
  client: TestHttpClient;
  details: SignupDetails;
  setup: PaymentSetupView;
  outcome: PaymentOutcomeView;
  registered: TestResponse;
}

/** Steps 1 and 2 of signup: payment set up, then the card form's confirmation. */
export async function payForSignup(
  client: TestHttpClient,
  details: SignupDetails,
  card: string,
  currency?: Currency,
): Promise<{ setup: PaymentSetupView; outcome: PaymentOutcomeView }> {
  const started = await client.post('/api/create-signup-payment-intent', {
    username: details.username,
    email: details.email,
    billingInterval: details.billingInterval,
    ...(currency ? { currency } : {}),
  });
  if (started.status !== 200) throw new Error(`create-signup-payment-intent answered ${started.status}: ${started.text}`);
  const setup = started.json as PaymentSetupView;
  const confirmed = await client.post('/api/test-payments/confirm', {
    clientSecret: setup.clientSecret,
    cardNumber: card,
    expiry: GOOD_EXPIRY,
    cvc: '123',
  });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${confirmed.text}`);
  return { setup, outcome: confirmed.json as PaymentOutcomeView };
}

export function register(client: TestHttpClient, details: SignupDetails, setup: PaymentSetupView): Promise<TestResponse> {
  return client.post('/api/register', {
    ...details,
    stripeCustomerId: setup.customerId,
    stripeSubscriptionId: setup.subscriptionId,
  });
}

/** The whole signup with one card: pay, then create the account (which signs the browser in). */
/** `currency`: paid in it (the sign-up's default, US dollars, without it). */
export async function signUp(system: TestSystem, card: string = CARDS.visa, interval: BillingInterval = 'monthly', currency?: Currency): Promise<Signup> {
  const client = system.client();
  const details = newSignup(interval);
  const { setup, outcome } = await payForSignup(client, details, card, currency);
  const registered = await register(client, details, setup);
  return { client, details, setup, outcome, registered };
}

export async function subscriptionOf(client: TestHttpClient): Promise<SubscriptionView> {
  const res = await client.get('/api/subscription');
  if (res.status !== 200) throw new Error(`GET /api/subscription answered ${res.status}: ${res.text}`);
  return res.json as SubscriptionView;
}

/** A typed client of the services, as another service would talk to them (codes live in the qr-service). */
export function serviceBus(system: TestSystem): BullMqClient {
  return new BullMqClient({
    redisUrl: system.config.redisUrl,
    redisPrefix: system.config.redisPrefix,
    logger: createLogger('billing-test', system.config.logLevel),
    timeoutMs: 15_000,
  });
}

export async function userIdOf(client: TestHttpClient): Promise<string> {
  const me = await client.get('/api/auth/user');
  if (me.status !== 200) throw new Error(`GET /api/auth/user answered ${me.status}`);
  return (me.json as { id: string }).id;
}

let codeSequence = 0;

export async function createCode(bus: BullMqClient, userId: string): Promise<QrCodeView> {
  codeSequence += 1;
  return bus.request(QrPattern.CreateCode, {
    userId,
    name: `Menu ${codeSequence}`,
    destinationUrl: `https://example.com/menu/${codeSequence}`,
  });
}
