import { BillingRepository } from '../../../apps/billing-service/src/billing/billing.repository';
import { SubscriptionSync } from '../../../apps/billing-service/src/billing/subscription-sync';
import { PAYMENT_PROVIDER, PaymentProvider, ProviderSubscription } from '../../../apps/billing-service/src/providers/payment-provider';
import { BILLING_ENV, signUp, subscriptionOf } from './billing-fixtures';
import { TestSystem } from './harness';

/**
 * Provider states of one subscription can be applied at the same moment (a webhook, a refresh
 * after a purchase, the clock): whatever the interleaving, the newest state is the one kept.
 */
describe(`${SubscriptionSync.name}: concurrent provider states`, () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
  });
  afterAll(() => system.stop());

  it('keeps the newest of two states applied at once, every time', async () => {
    const { client, setup } = await signUp(system);
    const billing = system.apps.get('billing')!;
    const sut = billing.get(SubscriptionSync);
    const provider = billing.get<symbol, PaymentProvider>(PAYMENT_PROVIDER);
    const repo = billing.get(BillingRepository);
    const current = (await provider.getSubscription(setup.subscriptionId)) as ProviderSubscription;

    for (let round = 1; round <= 20; round += 1) {
      const readAt = current.readAt + round * 10;
      const older: ProviderSubscription = { ...current, seats: 100 + round, readAt: readAt + 1 };
      const newer: ProviderSubscription = { ...current, seats: 200 + round, readAt: readAt + 2 };
      // The older state is applied a moment earlier, as a slower webhook would be.
      await Promise.all(round % 2 ? [sut.apply(older), sut.apply(newer)] : [sut.apply(newer), sut.apply(older)]);
      const row = await repo.subscriptionByProviderId(provider.name, current.id);
      expect({ round, seats: row?.seats, stateAt: row?.stateAt }).toEqual({ round, seats: 200 + round, stateAt: readAt + 2 });
    }
    expect(await subscriptionOf(client)).toMatchObject({ seats: 220 });
  });
});
