import { Body, Controller, Delete, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import {
  BillingConfigView,
  BillingPattern,
  IntervalQueryDto,
  IntervalSwitchPreviewView,
  IntervalSwitchResultView,
  PaymentMethodUpdateView,
  PaymentSetupView,
  PurchaseQrCodeDto,
  PurchaseResultView,
  SubscriptionView,
  SwitchIntervalDto,
  SwitchPreviewQueryDto,
  TestCardDto,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { RateLimiter } from '../sessions/rate-limiter';
import { Session } from '../sessions/session.store';
import { BILLING_LIMITS } from './billing-limits';
import { BillingApiService } from './billing.service';
import { parseIdempotencyKey } from './idempotency-key';

/** The signed-in user's subscription: subscribe, seats, cancel and resume, the card. */
@Controller('api')
export class BillingController {
  constructor(
    private readonly billing: BillingApiService,
    private readonly bus: MessageBus,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('config')
  @Access('public')
  config(): BillingConfigView {
    return this.billing.billingConfig();
  }

  @Get('subscription')
  @Access('user')
  subscription(@CurrentSession() session: Session): Promise<SubscriptionView> {
    return this.bus.request(BillingPattern.GetSubscription, { userId: session.userId });
  }

  @Post('get-or-create-subscription')
  @Access('user')
  @HttpCode(200)
  getOrCreate(@CurrentSession() session: Session, @Query() query: IntervalQueryDto): Promise<PaymentSetupView> {
    return this.billing.getOrCreateSubscription(session.userId, query.interval);
  }

  @Post('purchase-qr-code')
  @Access('user')
  @HttpCode(200)
  async purchase(
    @CurrentSession() session: Session,
    @Body() dto: PurchaseQrCodeDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<PurchaseResultView> {
    const key = parseIdempotencyKey(idempotencyKey);
    await this.limiter.hit(BILLING_LIMITS.purchasePerUser(session.userId));
    return this.billing.purchase(session.userId, dto.price, key);
  }

  @Post('subscription/cancel')
  @Access('user')
  @HttpCode(200)
  cancel(@CurrentSession() session: Session): Promise<SubscriptionView> {
    return this.bus.request(BillingPattern.SetCancelAtPeriodEnd, { userId: session.userId, cancel: true });
  }

  @Post('subscription/resume')
  @Access('user')
  @HttpCode(200)
  resume(@CurrentSession() session: Session): Promise<SubscriptionView> {
    return this.bus.request(BillingPattern.SetCancelAtPeriodEnd, { userId: session.userId, cancel: false });
  }

  /** What switching monthly <-> annual costs now, as the provider prices it; changes nothing. */
  @Get('subscription/switch-preview')
  @Access('user')
  switchPreview(@CurrentSession() session: Session, @Query() query: SwitchPreviewQueryDto): Promise<IntervalSwitchPreviewView> {
    return this.bus.request(BillingPattern.PreviewIntervalSwitch, { userId: session.userId, interval: query.interval });
  }

  @Post('subscription/switch')
  @Access('user')
  @HttpCode(200)
  async switchInterval(@CurrentSession() session: Session, @Body() dto: SwitchIntervalDto): Promise<IntervalSwitchResultView> {
    await this.limiter.hit(BILLING_LIMITS.purchasePerUser(session.userId));
    return this.bus.request(BillingPattern.SwitchInterval, { userId: session.userId, interval: dto.interval, when: dto.when });
  }

  /** Drops a switch waiting for the period end. */
  @Delete('subscription/switch')
  @Access('user')
  cancelSwitch(@CurrentSession() session: Session): Promise<SubscriptionView> {
    return this.bus.request(BillingPattern.CancelIntervalSwitch, { userId: session.userId });
  }

  /** Stripe: where to send the browser (Customer Portal). Test provider: {url: null}, use the card route. */
  @Post('subscription/payment-method')
  @Access('user')
  @HttpCode(200)
  paymentMethod(@CurrentSession() session: Session): Promise<PaymentMethodUpdateView> {
    return this.bus.request(BillingPattern.PaymentMethodUpdate, {
      userId: session.userId,
      returnUrl: this.billing.accountReturnUrl(),
    });
  }

  /** Test provider: a new card, and what is unpaid is retried with it at once. */
  @Post('test-payments/card')
  @Access('user')
  @HttpCode(200)
  async testCard(@CurrentSession() session: Session, @Body() dto: TestCardDto): Promise<SubscriptionView> {
    await this.limiter.hit(BILLING_LIMITS.purchasePerUser(session.userId));
    return this.bus.request(BillingPattern.TestUpdateCard, {
      userId: session.userId,
      card: { cardNumber: dto.cardNumber, expiry: dto.expiry, cvc: dto.cvc },
    });
  }
}
