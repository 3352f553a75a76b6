import { Inject, Injectable } from '@nestjs/common';
import {
  AccountCreditView,
  CURRENCIES,
  CurrencyRevenueView,
  DEFAULT_CURRENCY,
  DomainError,
  ErrorCode,
  PaymentMethodUpdateView,
  redirectsEnabledFor,
  RevenueSummaryView,
  SubscriptionView,
} from '@qrd/contracts';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { BillingRepository, SeatTotals } from './billing.repository';
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
   * conversion = share of users with a live subscription, rounded, 0 without users. Revenue is
   * per currency (an amount in euros is not a number of dollars); the spec's two figures are the
   * US dollar subscriptions'.
   */
  async revenue(totalUsers: number): Promise<RevenueSummaryView> {
    const [totals, subscribedUsers] = await Promise.all([this.repo.liveTotals(), this.repo.subscribedUsers()]);
    const sum = (rows: SeatTotals[], read: (row: SeatTotals) => number) => rows.reduce((total, row) => total + read(row), 0);
    const inInterval = (interval: SeatTotals['interval']) => totals.filter((t) => t.interval === interval);
    const byCurrency: CurrencyRevenueView[] = CURRENCIES.flatMap((currency) => {
      const rows = totals.filter((t) => t.currency === currency);
      if (rows.length === 0) return [];
      const mrrCents = sum(rows, (t) => (t.interval === 'annual' ? t.amountCents / 12 : t.amountCents));
      return [{ currency, monthlyRevenue: roundMoney(mrrCents / 100), annualRevenue: roundMoney((mrrCents * 12) / 100), seats: sum(rows, (t) => t.seats) }];
    });
    const dollars = byCurrency.find((entry) => entry.currency === DEFAULT_CURRENCY);
    return {
      monthlyRevenue: dollars?.monthlyRevenue ?? 0,
      annualRevenue: dollars?.annualRevenue ?? 0,
      byCurrency,
      conversionRate: totalUsers > 0 ? Math.round((subscribedUsers / totalUsers) * 100) : 0,
      monthlySeats: sum(inInterval('monthly'), (t) => t.seats),
      annualSeats: sum(inInterval('annual'), (t) => t.seats),
      activeSubscriptions: sum(totals, (t) => t.subscriptions),
      subscribedUsers,
      totalUsers,
    };
  }
}

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
