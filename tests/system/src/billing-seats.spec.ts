import { BillingPattern, DomainError, DomainEvent, ErrorCode, QrPattern } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { TestHttpClient, waitFor } from '@qrd/testing';
import { newUser, signIn, sql } from './accounts-fixtures';
import { BILLING_ENV, CARDS, createCode, serviceBus, signUp, subscriptionOf, userIdOf } from './billing-fixtures';
import { TestSystem } from './harness';

/** Seats: one per code, bought at the server's price, used by the qr-service, kept until the period ends. */
describe('billing: seats (real qr-service)', () => {
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

  async function subscriber(card: string = CARDS.visa): Promise<{ client: TestHttpClient; userId: string }> {
    const { client, registered } = await signUp(system, card);
    expect(registered.status).toBe(201);
    return { client, userId: await userIdOf(client) };
  }

  async function codeCount(userId: string): Promise<number> {
    return (await bus.request(QrPattern.CountCodes, { userId })).count;
  }

  it('the first seat comes with the subscription; the first code uses it, a second is refused without a seat', async () => {
    const { client, userId } = await subscriber();
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 0 });
    await createCode(bus, userId);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 1 });

    expect(await bus.request(BillingPattern.Entitlement, { userId, codesInUse: 1 })).toEqual({
      allowed: false,
      reason: 'no-free-seat',
      status: 'active',
      seats: 1,
    });
    const refused = await createCode(bus, userId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(ErrorCode.PaymentRequired);
    // The same through the API the create page calls.
    const overHttp = await client.post('/api/qrcodes', { name: 'No seat', destinationUrl: 'https://example.com/no-seat' });
    expect(overHttp.status).toBe(402);
    expect(await codeCount(userId)).toBe(1);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 1 });
  });

  it('refuses a tampered price and charges nothing', async () => {
    const { client, userId } = await subscriber();
    await createCode(bus, userId);
    const tampered = await client.post('/api/purchase-qr-code', { name: 'Cheap', price: 0.01 });
    expect(tampered.status).toBe(409);
    expect(tampered.json.message).toMatch(/a QR code costs \$3\.49 per month/);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, periodAmountCents: 349 });
  });

  it('buys one more seat at the server price, prorated, then the code can be created', async () => {
    const { client, userId } = await subscriber();
    await createCode(bus, userId);
    const bought = await client.post('/api/purchase-qr-code', { name: 'Second menu', price: 3.49 });
    expect(bought.status).toBe(200);
    expect(bought.json.charged).toBe(true);
    // Nearly a whole month is left: the prorated charge is close to, and never above, one seat.
    expect(bought.json.amountChargedCents).toBeGreaterThan(330);
    expect(bought.json.amountChargedCents).toBeLessThanOrEqual(349);
    expect(bought.json.subscription).toMatchObject({ seats: 2, seatsUsed: 1, periodAmountCents: 698 });

    await createCode(bus, userId);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 2 });
  });

  it('a purchase without a price sent is charged at the server price; a repeated one with a free seat charges nothing', async () => {
    const { client, userId } = await subscriber();
    await createCode(bus, userId);
    const first = await client.post('/api/purchase-qr-code', {});
    expect(first.json).toMatchObject({ charged: true, subscription: { seats: 2 } });
    const repeated = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(repeated.json).toMatchObject({ charged: false, amountChargedCents: 0, subscription: { seats: 2 } });
  });

  it('keeps the seats as they were when the payment for one more fails', async () => {
    const { client, userId } = await subscriber(CARDS.failsRenewals);
    await createCode(bus, userId);
    const declined = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(declined.status).toBe(402);
    expect(declined.json.message).toBe('Your card was declined.');
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 1 });
  });

  it('a deleted code leaves its paid seat free until the period ends; the renewal drops the seats no code uses, never below one', async () => {
    const { client, userId } = await subscriber();
    const first = await createCode(bus, userId);
    await client.post('/api/purchase-qr-code', { price: 3.49 });
    await client.post('/api/purchase-qr-code', { price: 3.49, name: 'third' }); // a free seat already: nothing bought
    const second = await createCode(bus, userId);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 2 });

    await bus.request(QrPattern.DeleteCode, { userId, codeId: second.id });
    await bus.request(QrPattern.DeleteCode, { userId, codeId: first.id });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 0, periodAmountCents: 698 });
    // The seats are there for the next codes, with nothing more to pay.
    await createCode(bus, userId);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 1 });

    // The next period keeps the seats codes use (one), no fewer than one, the unused time credited.
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    expect((await admin.post('/api/admin/billing/advance-clock', { days: 32 })).status).toBe(200);
    await waitFor(async () => expect(await subscriptionOf(client)).toMatchObject({ status: 'active', seats: 1, seatsUsed: 1, periodAmountCents: 349 }));
    await expect(createCode(bus, userId)).rejects.toMatchObject({ code: ErrorCode.PaymentRequired });
  });

  it('without a subscription there is nothing to buy and no code to create', async () => {
    const user = await newUser(system);
    const client = await signIn(system, user);
    expect(await subscriptionOf(client)).toMatchObject({ status: null, seats: 0, entitled: false, redirectsEnabled: false });
    const purchase = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(purchase.status).toBe(402);
    expect(await bus.request(BillingPattern.Entitlement, { userId: user.id, codesInUse: 0 })).toEqual({
      allowed: false,
      reason: 'no-subscription',
      status: null,
      seats: 0,
    });
    await expect(createCode(bus, user.id)).rejects.toMatchObject({ code: ErrorCode.PaymentRequired });
  });

  it('lists each user\'s plan for the admin table', async () => {
    const { userId } = await subscriber();
    const stranger = await newUser(system);
    expect(await bus.request(BillingPattern.PlansForUsers, { userIds: [userId, stranger.id] })).toEqual({
      [userId]: { status: 'active', interval: 'monthly', seats: 1 },
      [stranger.id]: null,
    });
  });

  it('a deleted account\'s subscription ends at once, and the billing records no longer name it', async () => {
    const { client, registered, setup } = await signUp(system);
    expect(registered.status).toBe(201);
    const userId = await userIdOf(client);
    await bus.emitEvent(DomainEvent.UserDeleted, { userId });
    await waitFor(async () =>
      expect(
        await sql(
          system,
          `SELECT s.status, c.user_id FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id
           WHERE c.provider_customer_id = $1`,
          [setup.customerId],
        ),
      ).toEqual([{ status: 'canceled', user_id: null }]),
    );
    expect((await bus.request(BillingPattern.PlansForUsers, { userIds: [userId] }))[userId]).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const anonymous = system.client();
    expect((await anonymous.get('/api/subscription')).status).toBe(401);
    expect((await anonymous.post('/api/purchase-qr-code', {})).status).toBe(401);
  });
});
