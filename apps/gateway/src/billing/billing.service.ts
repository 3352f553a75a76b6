import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  AuthPattern,
  BillingConfigView,
  BillingInterval,
  BillingPattern,
  Currency,
  CURRENCIES,
  DEFAULT_CURRENCY,
  DomainError,
  ErrorCode,
  isLanguage,
  Language,
  PaymentSetupView,
  PlanPrice,
  PurchaseResultView,
  RevenueSummaryView,
  SignupPaymentDto,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';

const TAKEN = {
  username: 'That username is already taken',
  email: 'An account with that email already exists',
} as const;

/** An account's language, once the auth-service tells it. */
function languageOf(user: object): Language | undefined {
  const language = (user as { language?: unknown }).language;
  return isLanguage(language) ? language : undefined;
}

/** The gateway's side of billing: who is asking, and the few checks that need more than one service. */
@Injectable()
export class BillingApiService {
  constructor(
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  billingConfig(): BillingConfigView {
    const { billing } = this.config;
    const offered = CURRENCIES.filter((currency) => this.offers(currency));
    const pricesIn = (currency: Currency): Record<BillingInterval, PlanPrice> => ({
      monthly: { interval: 'monthly', unitAmountCents: billing.prices?.[currency]?.monthly ?? billing.monthlyPriceCents },
      annual: { interval: 'annual', unitAmountCents: billing.prices?.[currency]?.annual ?? billing.annualPriceCents },
    });
    return {
      provider: billing.provider,
      publishableKey: billing.provider === 'stripe' ? billing.stripe.publishableKey : null,
      currency: DEFAULT_CURRENCY,
      prices: pricesIn(DEFAULT_CURRENCY),
      currencies: offered,
      pricesByCurrency: Object.fromEntries(offered.map((currency) => [currency, pricesIn(currency)])),
      socialLinks: this.config.socialLinks,
    };
  }

  /** With Stripe, only the currencies whose Stripe prices are configured are offered. */
  private offers(currency: Currency): boolean {
    const offered = this.config.billing.currencies;
    return offered ? offered.includes(currency) : currency === DEFAULT_CURRENCY;
  }

  /** A currency the DTO allows but this deployment does not sell in: refused before anything is made. */
  private requireOffered(currency: Currency | undefined): void {
    if (currency === undefined || this.offers(currency)) return;
    const message = `Prices in ${currency.toUpperCase()} are not offered`;
    throw new DomainError(ErrorCode.Validation, message, { currency: message });
  }

  /** Signup step 1 -> 2: the username and email must be free before anyone pays. */
  async createSignupPayment(dto: SignupPaymentDto): Promise<PaymentSetupView> {
    this.requireOffered(dto.currency);
    const taken = await this.bus.request(AuthPattern.CheckAvailability, { username: dto.username, email: dto.email });
    if (taken.usernameTaken) throw new DomainError(ErrorCode.Conflict, TAKEN.username, { username: TAKEN.username });
    if (taken.emailTaken) throw new DomainError(ErrorCode.Conflict, TAKEN.email, { email: TAKEN.email });
    return this.bus.request(BillingPattern.CreateSignupPayment, {
      email: dto.email,
      interval: dto.billingInterval,
      currency: dto.currency,
      language: dto.language,
    });
  }

  /**
   * The workspace's subscription; a new customer is made in the name of the member who pays, its
   * invoices in that member's language. `currency` counts only until the workspace has paid.
   */
  async getOrCreateSubscription(workspaceId: string, payerId: string, interval: BillingInterval, currency?: Currency): Promise<PaymentSetupView> {
    this.requireOffered(currency);
    const payer = await this.bus.request(AuthPattern.GetUser, { userId: payerId });
    return this.bus.request(BillingPattern.GetOrCreateSubscription, {
      userId: workspaceId,
      email: payer.email,
      interval,
      currency,
      language: languageOf(payer),
    });
  }

  /** The language the signed-in member reads in, for documents made for them (an invoice's PDF). */
  async readerLanguage(userId: string): Promise<Language | undefined> {
    try {
      return languageOf(await this.bus.request(AuthPattern.GetUser, { userId }));
    } catch {
      // The document is still made, in the customer's stored language.
      return undefined;
    }
  }

  /** The client's price is only compared with ours (in cents, so 3.49 is exactly 349), never charged. */
  purchase(userId: string, price: number | undefined, idempotencyKey: string | undefined): Promise<PurchaseResultView> {
    const expected = price === undefined ? null : Math.round(price * 100);
    return this.bus.request(BillingPattern.PurchaseSeat, { userId, expectedUnitAmountCents: expected, idempotencyKey });
  }

  async revenue(): Promise<RevenueSummaryView> {
    const { total } = await this.bus.request(AuthPattern.CountUsers, {});
    return this.bus.request(BillingPattern.RevenueSummary, { totalUsers: total });
  }

  accountReturnUrl(): string {
    return `${this.config.publicBaseUrl}/account?tab=subscription`;
  }
}
