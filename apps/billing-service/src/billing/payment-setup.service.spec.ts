import { createLogger } from '@qrd/config';
import { BillingProvider, ErrorCode, SubscriptionStatus } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { InvoiceRecorder } from '../invoices/invoice-recorder';
import { PaymentProvider } from '../providers/payment-provider';
import { SubscriptionNotices } from '../webhooks/subscription-notices';
import { BillingRepository } from './billing.repository';
import { CustomerEntity } from './customer.entity';
import { PaymentSetupService, SETTLE_TIMEOUT_MS } from './payment-setup.service';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionSync } from './subscription-sync';

/**
 * Registration after a signup payment: the provider's word on the subscription decides. The
 * provider, our copy and the clock are stand-ins; what is under test is when it asks again.
 */
describe(PaymentSetupService.name, () => {
  const customer = { id: 'c1', providerCustomerId: 'cus_1', email: 'buyer@example.com', userId: null } as CustomerEntity;
  let status: SubscriptionStatus;
  let refresh: jest.Mock<Promise<SubscriptionEntity>, [string]>;
  let notices: SubscriptionNotices;

  function serviceFor(provider: BillingProvider): PaymentSetupService {
    const repo = { customerByProviderId: async () => customer } as unknown as BillingRepository;
    const sync = { refresh } as unknown as SubscriptionSync;
    return new PaymentSetupService(
      repo,
      sync,
      {} as MessageBus,
      notices,
      {} as InvoiceRecorder,
      { name: provider } as PaymentProvider,
      createLogger('test', 'silent'),
    );
  }

  beforeEach(() => {
    jest.useFakeTimers();
    status = 'incomplete';
    refresh = jest.fn(async (_id: string) => ({ status, customerId: customer.id, interval: 'monthly' }) as SubscriptionEntity);
    notices = new SubscriptionNotices();
  });
  afterEach(() => jest.useRealTimers());

  /** Starts a verification and reports how it ended, once it has. */
  function verify(sut: PaymentSetupService) {
    const result: { value?: unknown; error?: unknown } = {};
    void sut.verifySignupPayment(' Buyer@example.com', 'cus_1', 'sub_1').then(
      (value) => (result.value = value),
      (error: unknown) => (result.error = error),
    );
    return result;
  }

  it('asks Stripe again as soon as a webhook event of the subscription has been applied, not after a pause', async () => {
    const result = verify(serviceFor('stripe'));
    await jest.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);

    status = 'active';
    notices.notify('sub_1');
    await jest.advanceTimersByTimeAsync(0);

    expect(result).toEqual({ value: { interval: 'monthly' } });
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps waiting when an event leaves the subscription unpaid', async () => {
    const result = verify(serviceFor('stripe'));
    await jest.advanceTimersByTimeAsync(0);
    notices.notify('sub_1');
    await jest.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(result).toEqual({});

    status = 'active';
    notices.notify('sub_1');
    await jest.advanceTimersByTimeAsync(0);
    expect(result).toEqual({ value: { interval: 'monthly' } });
  });

  it('asks a last time when the wait is over, then says the payment is not complete', async () => {
    const result = verify(serviceFor('stripe'));
    await jest.advanceTimersByTimeAsync(SETTLE_TIMEOUT_MS - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(result).toEqual({});

    await jest.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(result.error).toMatchObject({ code: ErrorCode.PaymentRequired, message: 'Your payment has not been completed yet.' });
  });

  it('does not wait for the test provider, which settles a payment while confirming it', async () => {
    const result = verify(serviceFor('test'));
    await jest.advanceTimersByTimeAsync(0);

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(result.error).toMatchObject({ code: ErrorCode.PaymentRequired });
  });
});
