import { DomainError, ErrorCode } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { PaymentSetupService } from '../../../apps/billing-service/src/billing/payment-setup.service';
import { BILLING_ENV, signUp, subscriptionOf } from './billing-fixtures';
import { TestSystem } from './harness';

/** Makes the next call of `method` fail as a billing-service that cannot answer right now. */
function failNext(target: object, method: string): void {
  const object = target as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = object[method];
  object[method] = function () {
    object[method] = original;
    return Promise.reject(new DomainError(ErrorCode.Unavailable, 'The billing-service is restarting'));
  };
}

describe('signup: a paid signup always ends with an account that has its subscription', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
  });
  afterAll(() => system?.stop());

  it('signs the new customer in and links the payment soon after when billing cannot link it at once', async () => {
    failNext(system.apps.get('billing')!.get(PaymentSetupService), 'linkCustomer');

    const { client, registered } = await signUp(system);

    // The account exists and the payment is made: the customer is in, not told to start again.
    expect(registered.status).toBe(201);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    await waitFor(async () => expect(await subscriptionOf(client)).toMatchObject({ status: 'active', seats: 1, entitled: true }), 15_000);
  });
});
