import { Injectable } from '@nestjs/common';
import { BillingDetailsView, DEFAULT_LANGUAGE, DomainError, ErrorCode, InvoiceSummaryView, InvoiceView, isLanguage, Language } from '@qrd/contracts';
import { invoiceToPdf } from './invoice-pdf';
import { InvoiceRow, InvoicesRepository } from './invoices.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A mid-period change with proration lines only is a seat change: seats charged for the rest of the
 * period less seats credited (Stripe credits the old quantity and charges the new one). A switch
 * of interval has a whole period's line, so it is not one.
 */
export function codesAddedBy(reason: InvoiceSummaryView['reason'], lines: InvoiceRow['document']['lines']): number | null {
  if (reason !== 'subscription_update' || lines.length === 0 || lines.some((line) => !line.proration)) return null;
  const added = lines.reduce((sum, line) => sum + Math.sign(line.amountCents) * line.quantity, 0);
  return added > 0 ? added : null;
}

function summary(row: InvoiceRow): InvoiceSummaryView {
  return {
    id: row.id,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    reason: row.reason,
    codesAdded: codesAddedBy(row.reason, row.document.lines ?? []),
    totalCents: row.totalCents,
    // Invoices recorded before currencies were in US dollars.
    currency: row.document.currency ?? 'usd',
    pdfUrl: row.document.providerPdfUrl ?? `/api/invoices/${row.id}/pdf`,
    hostedUrl: row.document.hostedUrl,
  };
}

/** The account's invoices (a list, one invoice, its PDF) and the billing details printed on them. */
@Injectable()
export class InvoicesService {
  constructor(private readonly invoices: InvoicesRepository) {}

  async list(userId: string): Promise<InvoiceSummaryView[]> {
    return (await this.invoices.listOfUser(userId)).map(summary);
  }

  async get(userId: string, invoiceId: string): Promise<InvoiceView> {
    const row = UUID.test(invoiceId) ? await this.invoices.findOfUser(userId, invoiceId) : null;
    if (!row) throw new DomainError(ErrorCode.NotFound, 'Invoice not found');
    const { providerPdfUrl: _hosted, ...document } = row.document;
    return { ...summary(row), ...document, hostedUrl: row.document.hostedUrl };
  }

  /** In the reader's language when told, else the one stored on the customer, else English. */
  async pdf(userId: string, invoiceId: string, language?: Language): Promise<{ filename: string; base64: string }> {
    const invoice = await this.get(userId, invoiceId);
    if (invoice.hostedUrl) throw new DomainError(ErrorCode.NotFound, 'This invoice is kept by Stripe: open its PDF from Stripe.');
    const stored = language ?? (await this.invoices.customerLanguage(invoice.id));
    const pdf = await invoiceToPdf(invoice, isLanguage(stored) ? stored : DEFAULT_LANGUAGE);
    return { filename: `invoice-${invoice.number}.pdf`, base64: pdf.toString('base64') };
  }

  billingDetails(userId: string): Promise<BillingDetailsView> {
    return this.invoices.billingDetails(userId);
  }

  /** Applies to invoices issued from now on: one issued before keeps the details it was issued with. */
  async setBillingDetails(userId: string, details: BillingDetailsView): Promise<BillingDetailsView> {
    const clean = Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value.trim()])) as unknown as BillingDetailsView;
    await this.invoices.saveBillingDetails(userId, clean);
    return clean;
  }
}
