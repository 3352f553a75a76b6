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
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { RateLimiter } from '../sessions/rate-limiter';
import { BILLING_LIMITS } from './billing-limits';
import { BillingApiService } from './billing.service';
import { parseIdempotencyKey } from './idempotency-key';

/** The signed-in user's subscription: subscribe, seats, cancel and resume, the card. */
@Controller('api')
@InWorkspace({ read: 'billing.manage' })
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

  /** The seats and their state: members who see or make codes see them too. */
  @Get('subscription')
  @Access('user')
  @InWorkspace({ read: ['billing.manage', 'codes.read'] })
  subscription(@CurrentWorkspace() workspace: WorkspaceContext): Promise<SubscriptionView> {
    return this.bus.request(BillingPattern.GetSubscription, { userId: workspace.id });
  }

  @Post('get-or-create-subscription')
  @Access('user')
  @HttpCode(200)
  getOrCreate(@CurrentWorkspace() workspace: WorkspaceContext, @Query() query: IntervalQueryDto): Promise<PaymentSetupView> {
    return this.billing.getOrCreateSubscription(workspace.id, workspace.userId, query.interval, query.currency);
  }

  @Post('purchase-qr-code')
  @Access('user')
  @HttpCode(200)
  async purchase(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Body() dto: PurchaseQrCodeDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<PurchaseResultView> {
    const key = parseIdempotencyKey(idempotencyKey);
    await this.limiter.hit(BILLING_LIMITS.purchasePerUser(workspace.id));
    return this.billing.purchase(workspace.id, dto.price, key);
  }

  @Post('subscription/cancel')
  @Access('user')
  @HttpCode(200)
  cancel(@CurrentWorkspace() workspace: WorkspaceContext): Promise<SubscriptionView> {
    return this.bus.request(BillingPattern.SetCancelAtPeriodEnd, { userId: workspace.id, cancel: true });
  }

  @Post('subscription/resume')
  @Access('user')
  @HttpCode(200)
  resume(@CurrentWorkspace() workspace: WorkspaceContext): Promise<SubscriptionView> {
    return this.bus.request(BillingPattern.SetCancelAtPeriodEnd, { userId: workspace.id, cancel: false });
  }

  /** What switching monthly <-> annual costs now, as the provider prices it; changes nothing. */
  @Get('subscription/switch-preview')
  @Access('user')
  switchPreview(@CurrentWorkspace() workspace: WorkspaceContext, @Query() query: SwitchPreviewQueryDto): Promise<IntervalSwitchPreviewView> {
    return this.bus.request(BillingPattern.PreviewIntervalSwitch, { userId: workspace.id, interval: query.interval });
  }

  @Post('subscription/switch')
  @Access('user')
  @HttpCode(200)
  async switchInterval(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: SwitchIntervalDto): Promise<IntervalSwitchResultView> {
    await this.limiter.hit(BILLING_LIMITS.purchasePerUser(workspace.id));
    return this.bus.request(BillingPattern.SwitchInterval, { userId: workspace.id, interval: dto.interval, when: dto.when });
  }

  /** Drops a switch waiting for the period end. */
  @Delete('subscription/switch')
  @Access('user')
  cancelSwitch(@CurrentWorkspace() workspace: WorkspaceContext): Promise<SubscriptionView> {
    return this.bus.request(BillingPattern.CancelIntervalSwitch, { userId: workspace.id });
  }

  /** Stripe: where to send the browser (Customer Portal). Test provider: {url: null}, use the card route. */
  @Post('subscription/payment-method')
  @Access('user')
  @HttpCode(200)
  paymentMethod(@CurrentWorkspace() workspace: WorkspaceContext): Promise<PaymentMethodUpdateView> {
    return this.bus.request(BillingPattern.PaymentMethodUpdate, {
      userId: workspace.id,
      returnUrl: this.billing.accountReturnUrl(),
    });
  }

  /** Test provider: a new card, and what is unpaid is retried with it at once. */
  @Post('test-payments/card')
  @Access('user')
  @HttpCode(200)
  async testCard(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: TestCardDto): Promise<SubscriptionView> {
    await this.limiter.hit(BILLING_LIMITS.purchasePerUser(workspace.id));
    return this.bus.request(BillingPattern.TestUpdateCard, {
      userId: workspace.id,
      card: { cardNumber: dto.cardNumber, expiry: dto.expiry, cvc: dto.cvc },
    });
  }
}
