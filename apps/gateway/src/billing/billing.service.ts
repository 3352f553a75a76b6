import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  AuthPattern,
  BillingConfigView,
  BillingInterval,
  BillingPattern,
  DomainError,
  ErrorCode,
  PaymentSetupView,
  PurchaseResultView,
  RevenueSummaryView,
  SignupPaymentDto,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';

const TAKEN = {
  username: 'That username is already taken',
  email: 'An account with that email already exists',
} as const;

/** The gateway's side of billing: who is asking, and the few checks that need more than one service. */
@Injectable()
export class BillingApiService {
  constructor(
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  billingConfig(): BillingConfigView {
    const { billing } = this.config;
    return {
      provider: billing.provider,
      publishableKey: billing.provider === 'stripe' ? billing.stripe.publishableKey : null,
      currency: 'usd',
      prices: {
        monthly: { interval: 'monthly', unitAmountCents: billing.monthlyPriceCents },
        annual: { interval: 'annual', unitAmountCents: billing.annualPriceCents },
      },
      socialLinks: this.config.socialLinks,
    };
  }

  /** Signup step 1 -> 2: the username and email must be free before anyone pays. */
  async createSignupPayment(dto: SignupPaymentDto): Promise<PaymentSetupView> {
    const taken = await this.bus.request(AuthPattern.CheckAvailability, { username: dto.username, email: dto.email });
    if (taken.usernameTaken) throw new DomainError(ErrorCode.Conflict, TAKEN.username, { username: TAKEN.username });
    if (taken.emailTaken) throw new DomainError(ErrorCode.Conflict, TAKEN.email, { email: TAKEN.email });
    return this.bus.request(BillingPattern.CreateSignupPayment, { email: dto.email, interval: dto.billingInterval });
  }

  /** The workspace's subscription; a new customer is made in the name of the member who pays. */
  async getOrCreateSubscription(workspaceId: string, payerId: string, interval: BillingInterval): Promise<PaymentSetupView> {
    const payer = await this.bus.request(AuthPattern.GetUser, { userId: payerId });
    return this.bus.request(BillingPattern.GetOrCreateSubscription, { userId: workspaceId, email: payer.email, interval });
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
