import type { BillingInterval, Currency, SwitchTiming } from '@qrd/contracts';
import type {
  ChangeSeatsOptions,
  ChargedChange,
  PendingPayment,
  CreatedSubscription,
  IntervalSwitchQuote,
  ProviderInvoice,
  PaymentProvider,
  ProviderCustomer,
  ProviderSubscription,
} from '../payment-provider';
import type { PriceInterval, TpPaymentMethod, TpSubscription } from './sandbox-objects';
import { SandboxProcessor } from './sandbox-processor';

const PRICE_INTERVAL: Record<BillingInterval, PriceInterval> = { monthly: 'month', annual: 'year' };

/** The `test` provider: the PaymentProvider interface over the offline processor. */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(readonly processor: SandboxProcessor) {}

  async createCustomer(input: { email: string; userId: string | null }): Promise<ProviderCustomer> {
    const customer = await this.processor.createCustomer(input.email, input.userId ? { userId: input.userId } : {});
    return { id: customer.id, email: customer.email, creditCents: 0 };
  }

  async getCustomer(id: string): Promise<ProviderCustomer | null> {
    const customer = await this.processor.getCustomer(id);
    return customer ? { id: customer.id, email: customer.email, creditCents: Math.max(0, -customer.balance) } : null;
  }

  async createSubscription(input: { customerId: string; interval: BillingInterval; seats: number; currency: Currency }): Promise<CreatedSubscription> {
    const created = await this.processor.createSubscription(input.customerId, PRICE_INTERVAL[input.interval], input.seats, input.currency);
    return { subscription: toProviderSubscription(created.subscription, null), clientSecret: created.clientSecret };
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    const found = await this.processor.getSubscription(id);
    return found ? toProviderSubscription(found.subscription, found.card) : null;
  }

  pendingPaymentSecret(subscriptionId: string): Promise<string | null> {
    return this.processor.pendingPaymentSecret(subscriptionId);
  }

  async changeSeats(subscriptionId: string, seats: number, options: ChangeSeatsOptions = {}): Promise<ChargedChange> {
    const { subscription, amountCharged, pendingPayment } = await this.processor.updateQuantity(subscriptionId, seats, options.idempotencyKey);
    const fresh = await this.getSubscription(subscription.id);
    return {
      subscription: fresh ?? toProviderSubscription(subscription, null),
      amountChargedCents: amountCharged,
      pendingPayment: pendingOf(pendingPayment),
    };
  }

  paymentStatus(clientSecret: string) {
    return this.processor.paymentStatus(clientSecret);
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription> {
    await this.processor.setCancelAtPeriodEnd(subscriptionId, cancel);
    return this.require(subscriptionId);
  }

  async previewIntervalSwitch(subscriptionId: string, interval: BillingInterval): Promise<IntervalSwitchQuote> {
    const quote = await this.processor.previewIntervalSwitch(subscriptionId, PRICE_INTERVAL[interval]);
    return {
      unitAmountCents: quote.unitAmount,
      creditCents: quote.credit,
      amountDueNowCents: quote.amountDue,
      creditCarriedCents: quote.creditCarried,
      newPeriodEnd: new Date(quote.newPeriodEnd * 1000),
    };
  }

  async switchInterval(subscriptionId: string, interval: BillingInterval, when: SwitchTiming): Promise<ChargedChange> {
    const { amountCharged, pendingPayment } = await this.processor.switchInterval(subscriptionId, PRICE_INTERVAL[interval], when);
    return { subscription: await this.require(subscriptionId), amountChargedCents: amountCharged, pendingPayment: pendingOf(pendingPayment) };
  }

  async cancelIntervalSwitch(subscriptionId: string): Promise<ProviderSubscription> {
    await this.processor.switchInterval(subscriptionId, null, 'cancel');
    return this.require(subscriptionId);
  }

  async paidInvoices(subscriptionId: string): Promise<ProviderInvoice[]> {
    return (await this.processor.paidInvoices(subscriptionId)).map((invoice) => ({
      id: invoice.id,
      subscriptionId: invoice.subscription,
      number: null,
      created: new Date(invoice.created * 1000),
      reason: invoice.billing_reason,
      lines: (invoice.lines ?? []).map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitAmountCents: line.unit_amount,
        amountCents: line.amount,
        periodStart: new Date(line.period_start * 1000).toISOString(),
        periodEnd: new Date(line.period_end * 1000).toISOString(),
        proration: line.proration,
      })),
      creditAppliedCents: invoice.credit_applied ?? 0,
      amountPaidCents: invoice.amount_paid,
      currency: invoice.currency ?? 'usd',
      hostedUrl: null,
      pdfUrl: null,
    }));
  }

  async cancelNow(subscriptionId: string): Promise<ProviderSubscription> {
    await this.processor.cancel(subscriptionId);
    return this.require(subscriptionId);
  }

  refundPayments(subscriptionId: string): Promise<number> {
    return this.processor.refundPayments(subscriptionId);
  }

  /** The test provider updates cards through its own form (BillingPattern.TestUpdateCard). */
  async paymentMethodUpdateUrl(): Promise<string | null> {
    return null;
  }

  private async require(id: string): Promise<ProviderSubscription> {
    const found = await this.getSubscription(id);
    if (!found) throw new Error(`Test subscription ${id} vanished`);
    return found;
  }
}

function pendingOf(pending: { clientSecret: string; amount: number } | null | undefined): PendingPayment | null {
  return pending ? { clientSecret: pending.clientSecret, amountCents: pending.amount } : null;
}

export function toProviderSubscription(sub: TpSubscription, card: TpPaymentMethod | null): ProviderSubscription {
  return {
    id: sub.id,
    customerId: sub.customer,
    status: sub.status,
    interval: sub.price.recurring.interval === 'year' ? 'annual' : 'monthly',
    seats: sub.quantity,
    unitAmountCents: sub.price.unit_amount,
    currency: sub.price.currency ?? 'usd',
    currentPeriodEnd: new Date(sub.current_period_end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    card: card ? { brand: card.card.brand, last4: card.card.last4 } : null,
    latestInvoiceId: sub.latest_invoice,
    pendingInterval: sub.pending_price ? (sub.pending_price.recurring.interval === 'year' ? 'annual' : 'monthly') : null,
    created: new Date(sub.created * 1000),
    readAt: Math.floor(Date.now() / 1000),
  };
}
