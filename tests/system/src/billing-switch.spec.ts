import { ClockView, IntervalSwitchPreviewView, SubscriptionView } from '@qrd/contracts';
import { BullMqClient } from '@qrd/messaging';
import { TestHttpClient } from '@qrd/testing';
import { newUser, signIn } from './accounts-fixtures';
import { BILLING_ENV, CARDS, createCode, serviceBus, signUp, subscriptionOf, userIdOf } from './billing-fixtures';
import { TestSystem } from './harness';

const DAY_MS = 86_400_000;

/**
 * Monthly <-> annual through the gateway on the test provider: the preview's prorated figures,
 * a switch now (billing cycle reset, credit for the unused time), a switch at the period end
 * (applied by the renewal) and the refusals. The clock is shared by this file's tests.
 */
describe('billing: switching monthly <-> annual', () => {
  let system: TestSystem;
  let bus: BullMqClient;
  let admin: TestHttpClient;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
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

  async function preview(client: TestHttpClient, interval: string): Promise<IntervalSwitchPreviewView> {
    const res = await client.get(`/api/subscription/switch-preview?interval=${interval}`);
    expect(res.status).toBe(200);
    return res.json as IntervalSwitchPreviewView;
  }

  it('monthly -> annual now: the unused days are credited, a whole year charged, the cycle restarts', async () => {
    const { client } = await signUp(system, CARDS.visa, 'monthly');
    await createCode(bus, await userIdOf(client));
    const bought = await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(bought.status).toBe(200);
    const before = await subscriptionOf(client);
    const now = Date.parse((await advance(10)).now);

    const quote = await preview(client, 'annual');
    expect(quote).toMatchObject({ interval: 'annual', seats: 2, unitAmountCents: 3490, periodAmountCents: 6980, creditCarriedCents: 0 });
    // Two seats at $3.49 with 20 or 21 of the month's 28 to 31 days left.
    expect(quote.creditCents).toBeGreaterThanOrEqual(Math.floor((698 * 20) / 31));
    expect(quote.creditCents).toBeLessThanOrEqual(Math.ceil((698 * 21) / 28));
    expect(quote.amountDueNowCents).toBe(6980 - quote.creditCents);
    expect(quote.periodEndSwitchAt).toBe(before.currentPeriodEnd);

    const switched = await client.post('/api/subscription/switch', { interval: 'annual', when: 'now' });
    expect(switched.status).toBe(200);
    // Seconds passed since the preview: the credit may have shrunk by a cent at most.
    expect(Math.abs(switched.json.amountChargedCents - quote.amountDueNowCents)).toBeLessThanOrEqual(1);
    const after = switched.json.subscription as SubscriptionView;
    expect(after).toMatchObject({ status: 'active', interval: 'annual', seats: 2, unitAmountCents: 3490, periodAmountCents: 6980, pendingInterval: null });
    const renewsIn = Date.parse(after.currentPeriodEnd ?? '') - now;
    expect(renewsIn).toBeGreaterThanOrEqual(365 * DAY_MS - 60_000);
    expect(renewsIn).toBeLessThanOrEqual(366 * DAY_MS + 60_000);

    // The way back is priced too: most of a year unused outweighs a month, the rest stays credit.
    const back = await preview(client, 'monthly');
    expect(back).toMatchObject({ interval: 'monthly', unitAmountCents: 349, periodAmountCents: 698, amountDueNowCents: 0 });
    expect(back.creditCarriedCents).toBe(back.creditCents - 698);
    expect(back.creditCents).toBeGreaterThan(6900);
  });

  it('annual -> monthly now charges nothing while the credit lasts', async () => {
    const { client } = await signUp(system, CARDS.visa, 'annual');
    const switched = await client.post('/api/subscription/switch', { interval: 'monthly', when: 'now' });
    expect(switched.status).toBe(200);
    expect(switched.json).toMatchObject({ amountChargedCents: 0, subscription: { interval: 'monthly', unitAmountCents: 349 } });
    await advance(31);
    // The renewal is paid from the credit: still active, no card needed.
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', interval: 'monthly' });
  });

  it('at the period end: shown as pending, can be dropped, and the renewal bills the new interval', async () => {
    const { client } = await signUp(system, CARDS.visa, 'monthly');
    const before = await subscriptionOf(client);

    const scheduled = await client.post('/api/subscription/switch', { interval: 'annual', when: 'period_end' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json).toMatchObject({
      amountChargedCents: 0,
      subscription: { interval: 'monthly', pendingInterval: 'annual', currentPeriodEnd: before.currentPeriodEnd, periodAmountCents: 349 },
    });
    const again = await client.post('/api/subscription/switch', { interval: 'annual', when: 'period_end' });
    expect(again.json).toMatchObject({ amountChargedCents: 0, subscription: { pendingInterval: 'annual' } });

    const dropped = await client.delete('/api/subscription/switch');
    expect(dropped.status).toBe(200);
    expect(dropped.json).toMatchObject({ interval: 'monthly', pendingInterval: null });
    expect(await subscriptionOf(client)).toMatchObject({ pendingInterval: null });

    await client.post('/api/subscription/switch', { interval: 'annual', when: 'period_end' });
    await advance(32);
    const renewed = await subscriptionOf(client);
    expect(renewed).toMatchObject({ status: 'active', interval: 'annual', unitAmountCents: 3490, periodAmountCents: 3490, pendingInterval: null });
    const year = Date.parse(renewed.currentPeriodEnd ?? '') - Date.parse(before.currentPeriodEnd ?? '');
    expect(year).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(year).toBeLessThanOrEqual(366 * DAY_MS);
  });

  it('refuses what makes no sense with a 4xx and changes nothing', async () => {
    const { client } = await signUp(system, CARDS.visa, 'monthly');
    const userId = await userIdOf(client);
    await createCode(bus, userId);

    for (const query of ['', '?interval=weekly', '?interval=', '?interval[]=annual']) {
      const res = await client.get(`/api/subscription/switch-preview${query}`);
      expect(res.status).toBe(400);
    }
    for (const body of [{}, { interval: 'annual' }, { interval: 'annual', when: 'tomorrow' }, { interval: 3, when: 'now' }, []]) {
      const res = await client.post('/api/subscription/switch', body);
      expect(res.status).toBe(400);
    }
    const same = await client.post('/api/subscription/switch', { interval: 'monthly', when: 'now' });
    expect(same.status).toBe(409);
    expect(same.json.message).toBe('Your subscription is already billed monthly.');
    expect((await client.get('/api/subscription/switch-preview?interval=monthly')).status).toBe(409);

    await client.post('/api/subscription/cancel');
    const cancelled = await client.post('/api/subscription/switch', { interval: 'annual', when: 'period_end' });
    expect(cancelled.status).toBe(409);
    expect(cancelled.json.message).toMatch(/Resume it before changing your billing interval/);
    expect(await subscriptionOf(client)).toMatchObject({ interval: 'monthly', cancelAtPeriodEnd: true, pendingInterval: null });

    const stranger = await signIn(system, await newUser(system));
    const none = await stranger.post('/api/subscription/switch', { interval: 'annual', when: 'now' });
    expect(none.status).toBe(409);
    expect(none.json.message).toBe('You have no active subscription to switch.');
  });

  it('a card that refuses the charge leaves the subscription as it was', async () => {
    const { client } = await signUp(system, CARDS.failsRenewals, 'monthly');
    const before = await subscriptionOf(client);
    const refused = await client.post('/api/subscription/switch', { interval: 'annual', when: 'now' });
    expect(refused.status).toBe(402);
    expect(await subscriptionOf(client)).toMatchObject({
      interval: 'monthly',
      unitAmountCents: 349,
      currentPeriodEnd: before.currentPeriodEnd,
      pendingInterval: null,
    });
  });
});
