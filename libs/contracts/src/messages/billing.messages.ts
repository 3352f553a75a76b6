import type { BillingRecordsExport } from '../dto/account-data.dto';
import type { BillingInterval } from '../dto/auth.dto';
import type {
  AccountCreditView,
  ClockView,
  IntervalSwitchPreviewView,
  IntervalSwitchResultView,
  SwitchTiming,
  PaymentMethodUpdateView,
  PaymentOutcomeView,
  PaymentSetupView,
  PurchaseResultView,
  RevenueSummaryView,
  SubscriptionView,
} from '../dto/billing.dto';
import type { BillingDetailsView, InvoiceSummaryView, InvoiceView } from '../dto/invoice.dto';
import type { Currency } from '../dto/money';
import type { Language } from '../languages';
import type { BillingNotice } from './events';
import type { ReconcileCheck } from './qr.messages';

/** Requests the billing-service answers. The billing team adds its own patterns here. */
export enum BillingPattern {
  /** Whether a user may create one more code: an active subscription with a free seat. */
  Entitlement = 'billing.entitlement',
  /** Plan of each user, for the admin user table. */
  PlansForUsers = 'billing.plans-for-users',
  /** Signup step 2: a customer and an unpaid subscription for an email not registered yet. */
  CreateSignupPayment = 'billing.create-signup-payment',
  /** Before an account is created: the subscription is paid and belongs to this email. */
  VerifySignupPayment = 'billing.verify-signup-payment',
  /** After the account is created: the signup customer becomes this user's. */
  LinkCustomer = 'billing.link-customer',
  /** /subscribe: the user's live subscription, or a new one waiting for its first payment. */
  GetOrCreateSubscription = 'billing.get-or-create-subscription',
  GetSubscription = 'billing.get-subscription',
  /** One more seat at the server's price (prorated), unless a free seat is already there. */
  PurchaseSeat = 'billing.purchase-seat',
  SetCancelAtPeriodEnd = 'billing.set-cancel-at-period-end',
  /** What switching monthly <-> annual costs now (prorated by the provider). */
  PreviewIntervalSwitch = 'billing.preview-interval-switch',
  /** Monthly <-> annual, now (prorated, billing cycle reset) or at the period end. */
  SwitchInterval = 'billing.switch-interval',
  /** Drops a switch waiting for the period end. */
  CancelIntervalSwitch = 'billing.cancel-interval-switch',
  ListInvoices = 'billing.list-invoices',
  GetInvoice = 'billing.get-invoice',
  /** Our invoice as a PDF (base64); Stripe's invoices link Stripe's own PDF instead. */
  InvoicePdf = 'billing.invoice-pdf',
  GetBillingDetails = 'billing.get-billing-details',
  /** The account's credit with the provider (its customer balance), paid out against later invoices. */
  AccountCredit = 'billing.account-credit',
  SetBillingDetails = 'billing.set-billing-details',
  /** Stripe: a Customer Portal session. */
  PaymentMethodUpdate = 'billing.payment-method-update',
  /** Test provider: replace the card and retry an open invoice. */
  TestUpdateCard = 'billing.test-update-card',
  /** Test provider: the card form's confirmation of a payment (Stripe.js confirmPayment's stand-in). */
  TestConfirmPayment = 'billing.test-confirm-payment',
  /** Test provider: the customer's answer to the simulated 3-D Secure challenge. */
  TestAuthenticatePayment = 'billing.test-authenticate-payment',
  /** Test provider: move its clock forward, running renewals, retries and period ends. */
  AdvanceTestClock = 'billing.advance-test-clock',
  /** A Stripe webhook delivery: verified on its raw body, stored once, processed from a queue. */
  StripeWebhook = 'billing.stripe-webhook',
  RevenueSummary = 'billing.revenue-summary',
  /** Seats paid against codes held, per user with a live subscription; extra seats are credited. */
  Reconcile = 'billing.reconcile',
  /** Everything billing holds of a user, for their data export. */
  ExportRecords = 'billing.export-records',
}

/** BullMQ queues the billing-service keeps for itself. */
export enum BillingQueue {
  /** Verified provider events waiting to be applied (job id = event id). */
  ProviderEvents = 'billing-provider-events',
}

/**
 * A billing mail's notice as the billing-service sends it: every amount in `currency`, the
 * account's (docs/currencies.md). Readers treat a notice without one (sent before currencies) as
 * US dollars.
 */
export type BillingNoticeInCurrency = BillingNotice & { currency?: Currency };

export interface UserPlan {
  status: string;
  interval: 'monthly' | 'annual';
  seats: number;
}

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export interface BillingRequests {
  [BillingPattern.Entitlement]: {
    req: { userId: string; codesInUse: number };
    res: {
      allowed: boolean;
      reason: 'ok' | 'no-subscription' | 'no-free-seat';
      /** Subscription status, null without one. */
      status: string | null;
      seats: number;
    };
  };
  [BillingPattern.PlansForUsers]: { req: { userIds: string[] }; res: Record<string, UserPlan | null> };
  [BillingPattern.CreateSignupPayment]: {
    /** `currency`: US dollars when absent; `language`: the invoices' until the account has one. */
    req: { email: string; interval: BillingInterval; currency?: Currency; language?: Language };
    res: PaymentSetupView;
  };
  [BillingPattern.VerifySignupPayment]: {
    req: { email: string; customerId: string; subscriptionId: string };
    res: { interval: BillingInterval };
  };
  [BillingPattern.LinkCustomer]: {
    req: { userId: string; customerId: string; subscriptionId: string };
    res: { ok: true };
  };
  [BillingPattern.GetOrCreateSubscription]: {
    /** `currency`: taken only while the account has not paid yet; `language`: the payer's, for the invoices. */
    req: { userId: string; email: string; interval: BillingInterval; currency?: Currency; language?: Language };
    res: PaymentSetupView;
  };
  [BillingPattern.GetSubscription]: { req: { userId: string }; res: SubscriptionView };
  [BillingPattern.PurchaseSeat]: {
    /** The per-code price the client showed, in cents; null when it sent none. */
    req: {
      userId: string;
      expectedUnitAmountCents: number | null;
      /** The client's Idempotency-Key: a repeat with the same key answers the first result and buys nothing. */
      idempotencyKey?: string;
      /** Room for this many more codes (a bulk import); 1 when absent. Free seats are used first. */
      codes?: number;
      /** The bulk import these codes are for: the seats its own rows hold are not counted as in use. */
      forImport?: string;
    };
    res: PurchaseResultView;
  };
  [BillingPattern.SetCancelAtPeriodEnd]: { req: { userId: string; cancel: boolean }; res: SubscriptionView };
  [BillingPattern.PreviewIntervalSwitch]: { req: { userId: string; interval: BillingInterval }; res: IntervalSwitchPreviewView };
  [BillingPattern.SwitchInterval]: {
    req: { userId: string; interval: BillingInterval; when: SwitchTiming };
    res: IntervalSwitchResultView;
  };
  [BillingPattern.CancelIntervalSwitch]: { req: { userId: string }; res: SubscriptionView };
  [BillingPattern.ListInvoices]: { req: { userId: string }; res: InvoiceSummaryView[] };
  [BillingPattern.GetInvoice]: { req: { userId: string; invoiceId: string }; res: InvoiceView };
  /** `language`: the reader's; the PDF is in the customer's stored language (else English) without it. */
  [BillingPattern.InvoicePdf]: { req: { userId: string; invoiceId: string; language?: Language }; res: { filename: string; base64: string } };
  [BillingPattern.GetBillingDetails]: { req: { userId: string }; res: BillingDetailsView };
  [BillingPattern.AccountCredit]: { req: { userId: string }; res: AccountCreditView };
  [BillingPattern.SetBillingDetails]: { req: { userId: string; details: BillingDetailsView }; res: BillingDetailsView };
  [BillingPattern.PaymentMethodUpdate]: { req: { userId: string; returnUrl: string }; res: PaymentMethodUpdateView };
  [BillingPattern.TestUpdateCard]: { req: { userId: string; card: TestCard }; res: SubscriptionView };
  [BillingPattern.TestConfirmPayment]: { req: { clientSecret: string; card: TestCard }; res: PaymentOutcomeView };
  [BillingPattern.TestAuthenticatePayment]: {
    req: { clientSecret: string; approve: boolean };
    res: PaymentOutcomeView;
  };
  [BillingPattern.AdvanceTestClock]: { req: { days: number }; res: ClockView };
  [BillingPattern.StripeWebhook]: {
    req: { payload: string; signature: string };
    res: { received: true; duplicate: boolean };
  };
  [BillingPattern.RevenueSummary]: { req: { totalUsers: number }; res: RevenueSummaryView };
  [BillingPattern.Reconcile]: { req: Record<string, never>; res: ReconcileCheck[] };
  [BillingPattern.ExportRecords]: { req: { userId: string }; res: BillingRecordsExport };
}
