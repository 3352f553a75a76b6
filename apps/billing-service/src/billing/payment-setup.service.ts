import { Inject, Injectable } from '@nestjs/common';
import {
  BillingInterval,
  Currency,
  DEFAULT_CURRENCY,
  DomainError,
  ErrorCode,
  isEntitledStatus,
  Language,
  PaymentSetupView,
  QrPattern,
  redirectsEnabledFor,
} from '@qrd/contracts';
import { LOGGER, Logger } from '@qrd/config';
import { MessageBus } from '@qrd/messaging';
import { InvoiceRecorder } from '../invoices/invoice-recorder';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { SubscriptionNotices } from '../webhooks/subscription-notices';
import { BillingRepository, BillingStore, pickEffective } from './billing.repository';
import { CustomerEntity } from './customer.entity';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionSync } from './subscription-sync';

/** How long registration waits for Stripe to settle a first payment the browser saw succeed. */
export const SETTLE_TIMEOUT_MS = 3000;

/**
 * Starting a subscription: at signup (before the account exists, for an email) and on /subscribe
 * (for a signed-in user). Both return what the card form needs; going back and forth reuses the
 * waiting subscription instead of creating another.
 */
@Injectable()
export class PaymentSetupService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly bus: MessageBus,
    private readonly notices: SubscriptionNotices,
    private readonly invoices: InvoiceRecorder,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A new customer every time: its ids are known only to the browser that asked, and they are what
   * proves the payment at registration, so they are never handed out again for the same email.
   */
  async createSignupPayment(
    email: string,
    interval: BillingInterval,
    currency: Currency = DEFAULT_CURRENCY,
    language?: Language,
  ): Promise<PaymentSetupView> {
    const customer = await this.newCustomer(email.trim().toLowerCase(), null, undefined, language);
    return this.setup(customer, interval, 1, currency);
  }

  /** Before the account is created: this subscription is paid and was bought for this email. */
  async verifySignupPayment(email: string, customerId: string, subscriptionId: string): Promise<{ interval: BillingInterval }> {
    const customer = await this.repo.customerByProviderId(this.provider.name, customerId);
    if (!customer) throw new DomainError(ErrorCode.PaymentRequired, 'We could not find your payment. Please try again.');
    if (customer.userId) {
      throw new DomainError(ErrorCode.Conflict, 'This payment has already been used to create an account.');
    }
    if (customer.email.toLowerCase() !== email.trim().toLowerCase()) {
      throw new DomainError(ErrorCode.Forbidden, 'This payment was made for a different email address.');
    }
    const sub = await this.settled(subscriptionId);
    if (!sub || sub.customerId !== customer.id) {
      throw new DomainError(ErrorCode.Forbidden, 'This payment was made for a different email address.');
    }
    if (!isEntitledStatus(sub.status)) {
      throw new DomainError(ErrorCode.PaymentRequired, 'Your payment has not been completed yet.');
    }
    return { interval: sub.interval };
  }

  /**
   * signup.paid: the link the signup could not make at once. Done once; a repeat for the same
   * account is nothing to do; a payment another account took is logged, not retried (no retry
   * can change it).
   */
  async linkSignup(userId: string, customerId: string, subscriptionId: string): Promise<void> {
    const customer = await this.repo.customerByProviderId(this.provider.name, customerId);
    if (customer?.userId === userId) return;
    try {
      await this.linkCustomer(userId, customerId, subscriptionId);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === ErrorCode.Conflict)) throw error;
      this.logger.error({ userId, customerId, subscriptionId }, 'a paid signup could not be linked to its account: the payment belongs to another account');
    }
  }

  async linkCustomer(userId: string, customerId: string, subscriptionId: string): Promise<void> {
    const customer = await this.repo.customerByProviderId(this.provider.name, customerId);
    const sub = await this.repo.subscriptionByProviderId(this.provider.name, subscriptionId);
    if (!customer || !sub || sub.customerId !== customer.id || !(await this.repo.claimCustomer(customer.id, userId))) {
      throw new DomainError(ErrorCode.Conflict, 'This payment has already been used to create an account.');
    }
    await this.sync.publishIfChanged(userId, null);
    // The signup's payment was made before the account existed: its invoice is the account's now.
    await this.repo.withUserLock(userId, async (store) => {
      const linked = await store.customerByProviderId(this.provider.name, customerId);
      if (linked) await this.invoices.record(linked, subscriptionId, undefined, store);
    });
  }

  /**
   * /subscribe: nothing to pay when the user's subscription is live; otherwise a subscription
   * with a seat for every code they have, so subscribing again brings every code back.
   */
  async getOrCreate(
    userId: string,
    email: string,
    interval: BillingInterval,
    asked: Currency = DEFAULT_CURRENCY,
    language?: Language,
  ): Promise<PaymentSetupView> {
    const { count } = await this.bus.request(QrPattern.CountCodes, { userId });
    // One at a time per account: a plan switched right away sends two of these at once, and the
    // second must see (and drop) what the first created, not create a second customer beside it.
    return this.repo.withUserLock(userId, async (store) => {
      const customer =
        (await store.customerOfUser(this.provider.name, userId)) ?? (await this.newCustomer(email, userId, store, language));
      if (language) await store.setLanguage(customer, language);
      // An account that has paid keeps its currency whatever is asked (docs/currencies.md).
      return this.setup(customer, interval, Math.max(1, count), customer.currency ?? asked, store);
    });
  }

  private async setup(
    customer: CustomerEntity,
    interval: BillingInterval,
    seats: number,
    currency: Currency,
    store?: BillingStore,
  ): Promise<PaymentSetupView> {
    // Inside the caller's unit of work when it has one; otherwise each change is a unit of its own.
    const subs = await (store ?? this.repo).subscriptionsOfCustomer(customer.id);
    const effective = pickEffective(subs);
    if (effective && redirectsEnabledFor(effective.status)) return this.view(customer, effective, null);

    for (const waiting of subs.filter((s) => s.status === 'incomplete')) {
      const fresh = await this.sync.refresh(waiting.providerSubscriptionId, store);
      if (!fresh) continue;
      // Paid meanwhile (a webhook not yet seen): nothing left to pay.
      if (redirectsEnabledFor(fresh.status)) return this.view(customer, fresh, null);
      if (fresh.status !== 'incomplete') continue;
      if (fresh.interval === interval && fresh.seats === seats && fresh.currency === currency) {
        const secret = await this.provider.pendingPaymentSecret(fresh.providerSubscriptionId);
        if (secret) return this.view(customer, fresh, secret);
      }
      // Another plan (or currency) was chosen: the waiting subscription is dropped, never charged.
      await this.sync.apply(await this.provider.cancelNow(fresh.providerSubscriptionId), store);
    }

    // An unpaid subscription is replaced, not kept beside the new one (it would bill on its own).
    for (const unpaid of subs.filter((s) => s.status === 'unpaid')) {
      await this.sync.apply(await this.provider.cancelNow(unpaid.providerSubscriptionId), store);
    }
    const created = await this.provider.createSubscription({ customerId: customer.providerCustomerId, interval, seats, currency });
    const row = await this.sync.apply(created.subscription, store);
    if (!row) throw new DomainError(ErrorCode.Internal, 'The new subscription could not be stored');
    return this.view(customer, row, created.clientSecret);
  }

  /**
   * The subscription as the provider has it now (not our copy: the webhook saying "paid" may not
   * have arrived yet). Stripe marks a subscription active a moment after the browser saw its first
   * payment succeed, so while it is incomplete it is read again each time one of its webhook
   * events has been applied, by any replica, and a last time when SETTLE_TIMEOUT_MS is over.
   */
  private async settled(subscriptionId: string): Promise<SubscriptionEntity | null> {
    if (this.provider.name !== 'stripe') return this.sync.refresh(subscriptionId);
    const notices = this.notices.watch(subscriptionId);
    try {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      let sub = await this.sync.refresh(subscriptionId);
      while (sub?.status === 'incomplete' && Date.now() < deadline) {
        await notices.next(deadline - Date.now());
        sub = await this.sync.refresh(subscriptionId);
      }
      return sub;
    } finally {
      notices.close();
    }
  }

  private async newCustomer(email: string, userId: string | null, store?: BillingStore, language?: Language): Promise<CustomerEntity> {
    const created = await this.provider.createCustomer({ email, userId });
    return (store ?? this.repo).saveCustomer({
      provider: this.provider.name,
      providerCustomerId: created.id,
      email,
      userId,
      currency: null,
      language: language ?? null,
    });
  }

  private view(customer: CustomerEntity, sub: SubscriptionEntity, clientSecret: string | null): PaymentSetupView {
    return {
      clientSecret,
      customerId: customer.providerCustomerId,
      subscriptionId: sub.providerSubscriptionId,
      status: sub.status,
      interval: sub.interval,
      seats: sub.seats,
      amountCents: sub.seats * sub.unitAmountCents,
      currency: sub.currency,
    };
  }
}
