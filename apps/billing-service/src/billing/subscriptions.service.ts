import { Inject, Injectable } from '@nestjs/common';
import {
  AccountCreditView,
  DomainError,
  ErrorCode,
  PaymentMethodUpdateView,
  redirectsEnabledFor,
  RevenueSummaryView,
  SubscriptionView,
} from '@qrd/contracts';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { BillingRepository } from './billing.repository';
import { SeatsService } from './seats.service';
import { SubscriptionSync } from './subscription-sync';

/** What the account page does with a subscription, and the admin's revenue figures. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly seats: SeatsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  /** "Cancel any time" = at the end of the paid period; resuming before then undoes it. */
  async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<SubscriptionView> {
    const sub = await this.repo.effectiveOfUser(userId);
    if (!sub || !redirectsEnabledFor(sub.status)) {
      throw new DomainError(
        ErrorCode.Conflict,
        cancel ? 'You have no active subscription to cancel.' : 'This subscription has ended. Please subscribe again.',
      );
    }
    if (sub.cancelAtPeriodEnd !== cancel) {
      await this.sync.apply(await this.provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, cancel));
    }
    return this.seats.view(userId);
  }

  /** The credit the provider holds for the account (0 without a customer). */
  async credit(userId: string): Promise<AccountCreditView> {
    const customer = await this.repo.customerOfUser(this.provider.name, userId);
    const found = customer ? await this.provider.getCustomer(customer.providerCustomerId) : null;
    return { creditCents: found?.creditCents ?? 0, currency: customer?.currency ?? 'usd' };
  }

  async paymentMethodUpdate(userId: string, returnUrl: string): Promise<PaymentMethodUpdateView> {
    const customer = await this.repo.customerOfUser(this.provider.name, userId);
    if (!customer) throw new DomainError(ErrorCode.NotFound, 'You have no subscription yet.');
    return { url: await this.provider.paymentMethodUpdateUrl(customer.providerCustomerId, returnUrl) };
  }

  /**
   * Spec section 9 with seats: monthly recurring revenue = monthly seats x monthly price +
   * annual seats x annual price / 12 (each subscription at the price it pays); annual = x 12;
   * conversion = share of users with a live subscription, rounded, 0 without users.
   */
  async revenue(totalUsers: number): Promise<RevenueSummaryView> {
    const [totals, subscribedUsers] = await Promise.all([this.repo.liveTotals(), this.repo.subscribedUsers()]);
    const monthly = totals.find((t) => t.interval === 'monthly');
    const annual = totals.find((t) => t.interval === 'annual');
    const mrrCents = (monthly?.amountCents ?? 0) + (annual?.amountCents ?? 0) / 12;
    return {
      monthlyRevenue: roundMoney(mrrCents / 100),
      annualRevenue: roundMoney((mrrCents * 12) / 100),
      conversionRate: totalUsers > 0 ? Math.round((subscribedUsers / totalUsers) * 100) : 0,
      monthlySeats: monthly?.seats ?? 0,
      annualSeats: annual?.seats ?? 0,
      activeSubscriptions: (monthly?.subscriptions ?? 0) + (annual?.subscriptions ?? 0),
      subscribedUsers,
      totalUsers,
    };
  }
}

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
