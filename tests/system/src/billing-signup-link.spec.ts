import { DomainError, ErrorCode } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { PaymentSetupService } from '../../../apps/billing-service/src/billing/payment-setup.service';
import { BILLING_ENV, signUp, subscriptionOf } from './billing-fixtures';
import { failNext } from './fault-injection';
import { TestSystem } from './harness';

describe('signup: a paid signup always ends with an account that has its subscription', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
  });
  afterAll(() => system?.stop());

  it('signs the new customer in and links the payment soon after when billing cannot link it at once', async () => {
    failNext(system.apps.get('billing')!.get(PaymentSetupService), 'linkCustomer', 1, new DomainError(ErrorCode.Unavailable, 'The billing-service is restarting'));

    const { client, registered } = await signUp(system);

    // The account exists and the payment is made: the customer is in, not told to start again.
    expect(registered.status).toBe(201);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    await waitFor(async () => expect(await subscriptionOf(client)).toMatchObject({ status: 'active', seats: 1, entitled: true }), 15_000);
  });
});
