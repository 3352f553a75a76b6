import { createLogger, loadConfig } from '@qrd/config';
import { DomainError, ErrorCode } from '@qrd/contracts';
import { FakeStripeServer } from '@qrd/testing';
import { createStripeClient, StripePaymentProvider } from './stripe-provider';

/** The real `stripe` package against a local Stripe-shaped server. */
describe(StripePaymentProvider.name, () => {
  const fake = new FakeStripeServer([
    { id: 'price_m', unitAmount: 349, interval: 'month' },
    { id: 'price_y', unitAmount: 3490, interval: 'year' },
  ]);
  let sut: StripePaymentProvider;

  beforeAll(async () => {
    const config = loadConfig({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unit',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_unit',
      STRIPE_WEBHOOK_SECRET: 'whsec_unit',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_y',
      STRIPE_API_BASE: await fake.start(),
    });
    sut = new StripePaymentProvider(createStripeClient(config), config, createLogger('stripe-provider-test', 'silent'));
  });
  afterAll(() => fake.stop());

  async function paidSubscription(seats = 1) {
    const customer = await sut.createCustomer({ email: 'buyer@example.com', userId: null });
    const created = await sut.createSubscription({ customerId: customer.id, interval: 'monthly', seats, currency: 'usd' });
    fake.pay(created.subscription.id);
    return { customer, created };
  }

  it('creates a customer and a subscription waiting for its first payment, with the client secret', async () => {
    const customer = await sut.createCustomer({ email: 'buyer@example.com', userId: 'u1' });
    expect(await sut.getCustomer(customer.id)).toEqual({ id: customer.id, email: 'buyer@example.com', creditCents: 0 });
    const { subscription, clientSecret } = await sut.createSubscription({ customerId: customer.id, interval: 'annual', seats: 2, currency: 'usd' });
    expect(subscription).toMatchObject({ customerId: customer.id, status: 'incomplete', interval: 'annual', seats: 2, unitAmountCents: 3490, currency: 'usd' });
    expect(clientSecret).toMatch(/_secret_/);
    expect(await sut.pendingPaymentSecret(subscription.id)).toBe(clientSecret);
  });

  it('refuses a currency without Stripe prices configured, asking Stripe nothing', async () => {
    const customer = await sut.createCustomer({ email: 'buyer@example.com', userId: 'u2' });
    const refused = sut.createSubscription({ customerId: customer.id, interval: 'monthly', seats: 1, currency: 'eur' });
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'Prices in EUR are not offered' });
  });

  it('reads a paid subscription with its card, and null for unknown ids', async () => {
    const { created } = await paidSubscription();
    expect(await sut.getSubscription(created.subscription.id)).toMatchObject({ status: 'active', card: { brand: 'visa', last4: '4242' } });
    expect(await sut.pendingPaymentSecret(created.subscription.id)).toBeNull();
    expect(await sut.getSubscription('sub_missing')).toBeNull();
    expect(await sut.getCustomer('cus_missing')).toBeNull();
  });

  it('adds a seat with an immediate prorated invoice; a refused payment leaves a pending update and fails', async () => {
    const { customer, created } = await paidSubscription();
    const added = await sut.changeSeats(created.subscription.id, 2);
    expect(added.subscription.seats).toBe(2);
    expect(added.amountChargedCents).toBeGreaterThan(300);
    const removed = await sut.changeSeats(created.subscription.id, 1);
    expect(removed).toMatchObject({ subscription: { seats: 1 }, amountChargedCents: 0 });

    fake.failCharges(customer.id);
    const refused = await sut.changeSeats(created.subscription.id, 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(ErrorCode.PaymentFailed);
  });

  it('cancels at period end, resumes, cancels now, and opens the Customer Portal', async () => {
    const { customer, created } = await paidSubscription();
    expect(await sut.setCancelAtPeriodEnd(created.subscription.id, true)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(await sut.setCancelAtPeriodEnd(created.subscription.id, false)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(await sut.cancelNow(created.subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await sut.paymentMethodUpdateUrl(customer.id, 'https://qr.example/account')).toMatch(/^https:\/\/billing\.stripe\.com\//);
  });

  it('refunds every payment of a subscription once; a repeat refunds nothing', async () => {
    const { created } = await paidSubscription(2);
    await sut.changeSeats(created.subscription.id, 3);
    await sut.cancelNow(created.subscription.id);

    const refunded = await sut.refundPayments(created.subscription.id);
    const refunds = fake.refundsOf(created.subscription.id);
    expect(refunds.map((r) => r.amount).sort((a, b) => b - a)[0]).toBe(698);
    expect(refunds).toHaveLength(2);
    expect(refunded).toBe(refunds.reduce((sum, r) => sum + r.amount, 0));
    expect(await sut.refundPayments(created.subscription.id)).toBe(0);
    expect(fake.refundsOf(created.subscription.id)).toHaveLength(2);
  });

  it('reports an unknown subscription as not found when changing it', async () => {
    await expect(sut.setCancelAtPeriodEnd('sub_missing', true)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
