import { newUser, signIn } from './accounts-fixtures';
import { BILLING_ENV, CARDS, createCode, serviceBus, signUp, userIdOf } from './billing-fixtures';
import { TestSystem } from './harness';

/** The admin Revenue Summary from real subscriptions (spec section 9 with per-code seats). */
describe('billing: admin revenue summary', () => {
  let system: TestSystem;

  beforeAll(async () => {
    // Euros at a price of their own, so an amount in euros cannot pass for one in dollars.
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: { ...BILLING_ENV, PRICE_MONTHLY_EUR_CENTS: '329' } });
  });
  afterAll(() => system.stop());

  it('is zero with nothing sold, and admin-only', async () => {
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const user = await signIn(system, await newUser(system));
    expect((await user.get('/api/admin/revenue')).status).toBe(403);
    expect((await system.client().get('/api/admin/revenue')).status).toBe(401);
    const res = await admin.get('/api/admin/revenue');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      monthlyRevenue: 0,
      annualRevenue: 0,
      byCurrency: [],
      conversionRate: 0,
      monthlySeats: 0,
      annualSeats: 0,
      activeSubscriptions: 0,
      subscribedUsers: 0,
      totalUsers: 2,
    });
  });

  it('MRR = monthly seats x 3.49 + annual seats x 34.90 / 12; annual = MRR x 12; conversion over all users', async () => {
    const monthly = await signUp(system, CARDS.visa, 'monthly');
    const bus = serviceBus(system);
    try {
      await createCode(bus, await userIdOf(monthly.client));
    } finally {
      await bus.close();
    }
    await monthly.client.post('/api/purchase-qr-code', { price: 3.49 });
    await monthly.client.post('/api/purchase-qr-code', { price: 3.49 });
    await signUp(system, CARDS.visa, 'annual');
    // Paid for nothing: a declined signup is neither a user nor revenue.
    const declined = await signUp(system, CARDS.declined);
    expect(declined.registered.status).toBe(402);

    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const res = await admin.get('/api/admin/revenue');
    // Two monthly seats (the second purchase found a free seat and bought nothing) and one annual seat.
    const mrr = 2 * 3.49 + 34.9 / 12;
    expect(res.json).toEqual({
      monthlyRevenue: Math.round(mrr * 100) / 100,
      annualRevenue: Math.round(mrr * 12 * 100) / 100,
      byCurrency: [{ currency: 'usd', monthlyRevenue: 9.89, annualRevenue: 118.66, seats: 3 }],
      // 2 subscribers among 5 users (the first test's admin and user, these two, this admin).
      conversionRate: 40,
      monthlySeats: 2,
      annualSeats: 1,
      activeSubscriptions: 2,
      subscribedUsers: 2,
      totalUsers: 5,
    });
    expect(res.json.monthlyRevenue).toBe(9.89);
    expect(res.json.annualRevenue).toBe(118.66);
  });

  it('keeps each currency apart: euros and pounds are never added to the dollars', async () => {
    await signUp(system, CARDS.visa, 'monthly', 'eur');
    await signUp(system, CARDS.visa, 'annual', 'gbp');
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const res = await admin.get('/api/admin/revenue');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      // The spec's figures: the US dollar subscriptions', as before.
      monthlyRevenue: 9.89,
      annualRevenue: 118.66,
      byCurrency: [
        { currency: 'usd', monthlyRevenue: 9.89, annualRevenue: 118.66, seats: 3 },
        { currency: 'eur', monthlyRevenue: 3.29, annualRevenue: 39.48, seats: 1 },
        // 29.90 a year: 2.49 a month.
        { currency: 'gbp', monthlyRevenue: 2.49, annualRevenue: 29.9, seats: 1 },
      ],
      // 4 subscribers among 8 users (the two buyers and this admin added).
      conversionRate: 50,
      monthlySeats: 3,
      annualSeats: 2,
      activeSubscriptions: 4,
      subscribedUsers: 4,
      totalUsers: 8,
    });
  });
});
