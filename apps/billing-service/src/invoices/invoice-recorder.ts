import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { PAYMENT_PROVIDER, PaymentProvider, ProviderInvoice } from '../providers/payment-provider';
import { BillingEvents } from '../billing/billing-events';
import type { BillingStore } from '../billing/billing.repository';
import type { CustomerEntity } from '../billing/customer.entity';
import { InvoiceDocument, InvoicesRepository } from './invoices.repository';

/** An invoice recorded by this call: what the receipt mail says. */
export interface RecordedInvoice {
  userId: string;
  providerInvoiceId: string;
  number: string | null;
  issuedAt: Date;
  totalCents: number;
  document: InvoiceDocument;
}

/**
 * Every paid provider invoice of an account's subscription becomes one of our invoices, with the
 * seller (configuration) and the buyer's billing details as they are when it is recorded. Runs in
 * the unit of work that applied the subscription's new state, under the owner's lock.
 */
@Injectable()
export class InvoiceRecorder {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly events: BillingEvents,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Records the subscription's paid invoices not recorded yet. With the id of its latest invoice,
   * nothing is asked of the provider when that one is recorded already.
   */
  async record(
    customer: CustomerEntity,
    subscriptionId: string,
    latestInvoiceId: string | null | undefined,
    store: BillingStore,
  ): Promise<RecordedInvoice[]> {
    const userId = customer.userId;
    if (!userId || latestInvoiceId === null) return [];
    if (latestInvoiceId && (await this.invoices.isRecorded(this.provider.name, latestInvoiceId, store.manager))) return [];
    const recorded: RecordedInvoice[] = [];
    const buyer = { ...(await this.invoices.billingDetails(userId, store.manager)), email: customer.email };
    for (const invoice of await this.provider.paidInvoices(subscriptionId)) {
      const document = this.document(invoice, buyer);
      const inserted = await this.invoices.insert(store.manager, {
        customerId: customer.id,
        userId,
        provider: this.provider.name,
        providerInvoiceId: invoice.id,
        providerSubscriptionId: subscriptionId,
        providerNumber: invoice.number,
        prefix: this.config.invoicing.numberPrefix,
        reason: invoice.reason,
        issuedAt: invoice.created,
        totalCents: invoice.amountPaidCents,
        document,
      });
      if (inserted && invoice.amountPaidCents > 0) {
        await this.events.notice(store, {
          kind: 'receipt',
          userId,
          invoiceNumber: await this.invoices.numberOf(this.provider.name, invoice.id, store.manager),
          issuedAt: invoice.created.toISOString(),
          totalCents: invoice.amountPaidCents,
          currency: invoice.currency,
          lines: invoice.lines.map((line) => ({ description: line.description, amountCents: line.amountCents })),
        });
      }
      if (inserted) {
        recorded.push({
          userId,
          providerInvoiceId: invoice.id,
          number: invoice.number,
          issuedAt: invoice.created,
          totalCents: invoice.amountPaidCents,
          document,
        });
      }
    }
    return recorded;
  }

  private document(invoice: ProviderInvoice, buyer: InvoiceDocument['buyer']): InvoiceDocument {
    const { tax } = this.config.invoicing;
    const total = invoice.amountPaidCents;
    return {
      seller: this.config.invoicing.seller,
      buyer,
      lines: invoice.lines,
      subtotalCents: invoice.lines.reduce((sum, line) => sum + line.amountCents, 0),
      creditAppliedCents: invoice.creditAppliedCents,
      // Prices include the tax: the line says how much of the total it is.
      tax: tax ? { ...tax, amountCents: Math.round((total * tax.ratePercent) / (100 + tax.ratePercent)) } : null,
      currency: invoice.currency,
      hostedUrl: invoice.hostedUrl,
      providerPdfUrl: invoice.pdfUrl,
    };
  }
}
