import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { LANGUAGES, type Language } from '../languages';
import { AccountIdentityDto, BILLING_INTERVALS, BillingInterval, UNKNOWN_LANGUAGE } from './auth.dto';
import { CURRENCIES, type Currency } from './money';

/** The answer to a currency prices are not set in. */
export const UNKNOWN_CURRENCY = `Currency must be one of ${CURRENCIES.join(', ')}`;

/**
 * Billing (DESIGN.md section 6): per-code seats. Browser-safe: the web forms validate with these
 * classes and read these views.
 */

/** Stripe's subscription statuses; the test provider uses the same ones. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Codes keep redirecting in these states (past_due is the grace period). */
export const REDIRECTING_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];
/** New codes and seats need a subscription in good standing. */
export const ENTITLED_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

export function redirectsEnabledFor(status: string | null): boolean {
  return status !== null && (REDIRECTING_STATUSES as readonly string[]).includes(status);
}

export function isEntitledStatus(status: string | null): boolean {
  return status !== null && (ENTITLED_STATUSES as readonly string[]).includes(status);
}

/** Step 1 of signup with payment: the details checked before any payment is set up. */
export class SignupPaymentDto extends AccountIdentityDto {

  @IsIn(BILLING_INTERVALS, { message: 'Billing interval must be monthly or annual' })
  billingInterval!: BillingInterval;

  /** The currency to pay in (the first payment fixes the account's); US dollars when left out. */
  @IsOptional()
  @IsIn(CURRENCIES, { message: UNKNOWN_CURRENCY })
  currency?: Currency;

  /** The language the invoices are written in until the account says otherwise (the web app sends its own). */
  @IsOptional()
  @IsIn(LANGUAGES, { message: UNKNOWN_LANGUAGE })
  language?: Language;
}

/** ?interval=&currency= of POST /api/get-or-create-subscription. */
export class IntervalQueryDto {
  @IsIn(BILLING_INTERVALS, { message: 'Billing interval must be monthly or annual' })
  interval!: BillingInterval;

  /**
   * The currency to pay in when the account has none yet (US dollars when left out); an account
   * that has paid keeps its own currency whatever is asked.
   */
  @IsOptional()
  @IsIn(CURRENCIES, { message: UNKNOWN_CURRENCY })
  currency?: Currency;
}

/**
 * POST /api/purchase-qr-code. `price` is what the confirmation dialog showed per code (in major units of the account's currency: dollars, euros, pounds);
 * the server charges its own price and refuses the purchase when the two differ.
 */
export class PurchaseQrCodeDto {
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Name is too long' })
  name?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Price must be a number' })
  @Min(0, { message: 'Price must be a number' })
  price?: number;
}

/** The test provider's card form (a stand-in for Stripe's Payment Element; no real card is charged). */
export class TestCardDto {
  @IsString({ message: 'Your card number is incomplete.' })
  @MaxLength(30, { message: 'Your card number is invalid.' })
  cardNumber!: string;

  /** "MM / YY" or "MM/YY". */
  @IsString({ message: "Your card's expiration date is incomplete." })
  @MaxLength(9, { message: "Your card's expiration date is invalid." })
  expiry!: string;

  @IsString({ message: "Your card's security code is incomplete." })
  @MaxLength(4, { message: "Your card's security code is invalid." })
  cvc!: string;
}

export class TestConfirmPaymentDto extends TestCardDto {
  @IsString()
  @MinLength(10)
  @MaxLength(200)
  clientSecret!: string;
}

/** The simulated 3-D Secure challenge of card 4000 0025 0000 3155. */
export class TestAuthenticatePaymentDto {
  @IsString()
  @MinLength(10)
  @MaxLength(200)
  clientSecret!: string;

  @IsBoolean()
  approve!: boolean;
}

/** When a change of billing interval takes effect. */
export const SWITCH_TIMINGS = ['now', 'period_end'] as const;
export type SwitchTiming = (typeof SWITCH_TIMINGS)[number];

/** ?interval= of GET /api/subscription/switch-preview. */
export class SwitchPreviewQueryDto {
  @IsIn(BILLING_INTERVALS, { message: 'Billing interval must be monthly or annual' })
  interval!: BillingInterval;
}

/** POST /api/subscription/switch. */
export class SwitchIntervalDto {
  @IsIn(BILLING_INTERVALS, { message: 'Billing interval must be monthly or annual' })
  interval!: BillingInterval;

  @IsIn(SWITCH_TIMINGS, { message: 'Choose when the switch happens: now or period_end' })
  when!: SwitchTiming;
}

export class AdvanceClockDto {
  @IsInt({ message: 'Days must be a whole number from 1 to 800' })
  @Min(1, { message: 'Days must be a whole number from 1 to 800' })
  @Max(800, { message: 'Days must be a whole number from 1 to 800' })
  days!: number;
}

export type BillingProvider = 'test' | 'stripe';

export interface PlanPrice {
  interval: BillingInterval;
  /** Per code (seat) per period. */
  unitAmountCents: number;
}

/** One of the site's own social profiles, as the operator configured it (SOCIAL_LINKS). */
export interface SocialLinkView {
  network: 'x' | 'facebook' | 'linkedin' | 'instagram' | 'youtube' | 'github';
  url: string;
}

/** GET /api/config: what the web app needs to take a payment, its prices, and the site's links. */
export interface BillingConfigView {
  provider: BillingProvider;
  /** Stripe's publishable key; null with the test provider. */
  publishableKey: string | null;
  /** The currency of `prices` (US dollars). */
  currency: Currency;
  prices: Record<BillingInterval, PlanPrice>;
  /** The currencies a customer may pay in, the default first (absent: US dollars only). */
  currencies?: Currency[];
  /** Each offered currency's prices, in its minor units. */
  pricesByCurrency?: Partial<Record<Currency, Record<BillingInterval, PlanPrice>>>;
  /** Empty when none are configured: the footer then shows no social links. */
  socialLinks: SocialLinkView[];
}

/** GET /api/subscription: the signed-in user's plan, straight from the provider's state. */
export interface SubscriptionView {
  /** Null when the user never subscribed. */
  status: SubscriptionStatus | null;
  provider: BillingProvider;
  interval: BillingInterval | null;
  seats: number;
  seatsUsed: number;
  unitAmountCents: number | null;
  /** seats x unit price, charged each period. */
  periodAmountCents: number | null;
  /** ISO date of the next renewal (or of the end, with cancelAtPeriodEnd). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  card: { brand: string; last4: string } | null;
  redirectsEnabled: boolean;
  /** May create codes (active or trialing). */
  entitled: boolean;
  /** A switch of billing interval waiting for the period end (currentPeriodEnd), or null. */
  pendingInterval: BillingInterval | null;
  /**
   * The account's currency, fixed by its first payment: every amount here and every later price is
   * in it. Null (or absent, from a server before currencies) before the account has paid.
   */
  currency?: Currency | null;
}

/**
 * GET /api/subscription/switch-preview: what a switch of billing interval costs, computed by the
 * provider. Switching now resets the billing cycle: the unused time of the current plan is
 * credited and the new interval's first period is charged at once.
 */
export interface IntervalSwitchPreviewView {
  interval: BillingInterval;
  seats: number;
  /** The new price per code per period. */
  unitAmountCents: number;
  /** seats x the new price, charged each new period. */
  periodAmountCents: number;
  /** Credit for the unused time of the current plan (switching now). */
  creditCents: number;
  /** Charged at once when switching now (never negative). */
  amountDueNowCents: number;
  /** Credit left for later invoices when the credit exceeds the new period's price. */
  creditCarriedCents: number;
  /** ISO date of the next renewal when switching now. */
  newPeriodEnd: string;
  /** ISO date an at-period-end switch takes effect (the current period's end). */
  periodEndSwitchAt: string | null;
  /** The account's currency, of every amount here (absent: US dollars). */
  currency?: Currency;
}

export interface IntervalSwitchResultView {
  /** Charged now (0 when the switch waits for the period end or the credit covered it). */
  amountChargedCents: number;
  subscription: SubscriptionView;
  /** Set when the switch waits for the customer to authenticate its payment (nothing changed yet). */
  authentication?: PaymentAuthenticationView | null;
}

/** What the card form needs to take the first payment of a subscription. */
export interface PaymentSetupView {
  /** Null when nothing is left to pay (already active): the spec counts that as success. */
  clientSecret: string | null;
  customerId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  interval: BillingInterval;
  seats: number;
  amountCents: number;
  /** The currency of the payment (the account's once it has paid, else the one asked for; absent: US dollars). */
  currency?: Currency;
}

/** Stripe's PaymentIntent statuses, as the test card form reports them. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentOutcomeView {
  status: PaymentIntentStatus;
  paymentIntentId: string;
  /** Stripe-style card error when the payment was refused. */
  error: { code: string; declineCode: string | null; message: string } | null;
  /** Set when the bank asks the customer to authenticate (3-D Secure). */
  nextAction: { type: 'authenticate' } | null;
}

/**
 * A payment the bank wants the customer to authenticate (3-D Secure) before a change is made:
 * Stripe.js's handleNextAction (or the test provider's challenge) answers it with this secret,
 * then the same request is sent again to finish.
 */
export interface PaymentAuthenticationView {
  clientSecret: string;
  amountCents: number;
}

export interface PurchaseResultView {
  /** False when a free seat was already there (nothing was charged). */
  charged: boolean;
  /** Prorated amount charged now for the new seat. */
  amountChargedCents: number;
  subscription: SubscriptionView;
  /**
   * Set when the seat waits for the customer to authenticate its payment (nothing is charged or
   * added yet); after authenticating, the purchase sent again with the same idempotency key adds it.
   */
  authentication?: PaymentAuthenticationView | null;
}

/** Credit on the account (e.g. left by an annual -> monthly switch), used by the next invoices first. */
export interface AccountCreditView {
  creditCents: number;
  /** The account's currency (US dollars before it has paid, or when absent). */
  currency?: Currency;
}

export interface PaymentMethodUpdateView {
  /** Stripe: the Customer Portal page to open. Test provider: null (the card form is used). */
  url: string | null;
}

export interface ClockView {
  now: string;
  offsetDays: number;
  /** Subscriptions whose state changed while the clock moved. */
  changed: number;
}

/** One currency's recurring revenue: amounts in different currencies are never added together. */
export interface CurrencyRevenueView {
  currency: Currency;
  monthlyRevenue: number;
  annualRevenue: number;
  /** Paid codes of the subscriptions paying in this currency. */
  seats: number;
}

/** GET /api/admin/revenue (spec section 9, with seats). */
export interface RevenueSummaryView {
  /** Monthly recurring revenue of the subscriptions paying in US dollars (every deployment sells in them). */
  monthlyRevenue: number;
  annualRevenue: number;
  /** Every currency with live subscriptions, US dollars first, then as CURRENCIES lists them. */
  byCurrency: CurrencyRevenueView[];
  conversionRate: number;
  monthlySeats: number;
  annualSeats: number;
  activeSubscriptions: number;
  subscribedUsers: number;
  totalUsers: number;
}
