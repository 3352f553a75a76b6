import { Body, Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import {
  BillingPattern,
  DomainError,
  ErrorCode,
  PaymentOutcomeView,
  PaymentSetupView,
  SignupPaymentDto,
  TestAuthenticatePaymentDto,
  TestConfirmPaymentDto,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { availabilityLimits } from '../auth/limits';
import { Access, SessionRequest } from '../sessions/auth.guard';
import { RateLimiter } from '../sessions/rate-limiter';
import { BILLING_LIMITS } from './billing-limits';
import { BillingApiService } from './billing.service';

/** Payments made before there is an account (signup), the test card form, and Stripe's webhooks. */
@Controller('api')
export class PaymentsController {
  constructor(
    private readonly billing: BillingApiService,
    private readonly bus: MessageBus,
    private readonly limiter: RateLimiter,
  ) {}

  @Post('create-signup-payment-intent')
  @Access('public')
  @HttpCode(200)
  async createSignupPayment(@Body() dto: SignupPaymentDto, @Req() req: SessionRequest): Promise<PaymentSetupView> {
    // This step answers whether the username and email are taken: also an availability check.
    await this.limiter.hit(BILLING_LIMITS.signupPaymentPerIp(req.ip), ...availabilityLimits(req.ip, req.session?.id));
    return this.billing.createSignupPayment(dto);
  }

  /** The test provider's stand-in for Stripe.js confirmPayment: whoever holds the client secret may pay. */
  @Post('test-payments/confirm')
  @Access('public')
  @HttpCode(200)
  async testConfirm(@Body() dto: TestConfirmPaymentDto, @Req() req: Request): Promise<PaymentOutcomeView> {
    await this.limiter.hit(BILLING_LIMITS.cardAttemptsPerIp(req.ip));
    return this.bus.request(BillingPattern.TestConfirmPayment, {
      clientSecret: dto.clientSecret,
      card: { cardNumber: dto.cardNumber, expiry: dto.expiry, cvc: dto.cvc },
    });
  }

  @Post('test-payments/authenticate')
  @Access('public')
  @HttpCode(200)
  async testAuthenticate(@Body() dto: TestAuthenticatePaymentDto, @Req() req: Request): Promise<PaymentOutcomeView> {
    await this.limiter.hit(BILLING_LIMITS.cardAttemptsPerIp(req.ip));
    return this.bus.request(BillingPattern.TestAuthenticatePayment, { clientSecret: dto.clientSecret, approve: dto.approve });
  }

  /** Verified by signature on the exact bytes Stripe sent (the gateway keeps req.rawBody). */
  @Post('webhooks/stripe')
  @Access('public')
  @HttpCode(200)
  stripeWebhook(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    if (!req.rawBody || !signature) throw new DomainError(ErrorCode.Validation, 'Missing Stripe signature');
    return this.bus.request(BillingPattern.StripeWebhook, { payload: req.rawBody.toString('utf8'), signature });
  }
}
