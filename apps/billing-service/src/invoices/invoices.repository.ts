import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { BillingDetailsView, BillingProvider, InvoiceReason, InvoiceView } from '@qrd/contracts';

/** What an invoice row keeps besides its columns: the document as it was issued. */
export type InvoiceDocument = Omit<InvoiceView, 'id' | 'number' | 'issuedAt' | 'reason' | 'codesAdded' | 'totalCents' | 'pdfUrl'> & {
  /** Stripe's hosted PDF; null for our own invoices. */
  providerPdfUrl: string | null;
};

export interface InvoiceRow {
  id: string;
  number: string;
  reason: InvoiceReason;
  issuedAt: Date;
  totalCents: number;
  document: InvoiceDocument;
}

export const EMPTY_DETAILS: BillingDetailsView = {
  name: '',
  company: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  country: '',
  vatId: '',
};

interface RawRow {
  id: string;
  number: string;
  reason: InvoiceReason;
  issued_at: Date;
  total_cents: number;
  document: InvoiceDocument;
}

const toRow = (r: RawRow): InvoiceRow => ({
  id: r.id,
  number: r.number,
  reason: r.reason,
  issuedAt: r.issued_at,
  totalCents: r.total_cents,
  document: r.document,
});

const COLUMNS = 'id, number, reason, issued_at, total_cents, document';

/** billing.invoices, billing.invoice_counters and billing.billing_details. */
@Injectable()
export class InvoicesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async isRecorded(provider: BillingProvider, providerInvoiceId: string, db: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = (await db.query(`SELECT 1 FROM billing.invoices WHERE provider = $1 AND provider_invoice_id = $2`, [
      provider,
      providerInvoiceId,
    ])) as unknown[];
    return rows.length > 0;
  }

  /**
   * Inserts an invoice once: numbered in the same transaction from the year's counter (so the
   * numbers have no gaps), unless the provider numbered it. The caller holds the owner's lock.
   */
  async insert(
    db: EntityManager,
    row: {
      customerId: string;
      userId: string;
      provider: BillingProvider;
      providerInvoiceId: string;
      providerSubscriptionId: string;
      providerNumber: string | null;
      prefix: string;
      reason: InvoiceReason;
      issuedAt: Date;
      totalCents: number;
      document: InvoiceDocument;
    },
  ): Promise<boolean> {
    if (await this.isRecorded(row.provider, row.providerInvoiceId, db)) return false;
    let number = row.providerNumber;
    if (!number) {
      const year = row.issuedAt.getUTCFullYear();
      const [counter] = (await db.query(
        `INSERT INTO billing.invoice_counters (year, last) VALUES ($1, 1)
         ON CONFLICT (year) DO UPDATE SET last = billing.invoice_counters.last + 1 RETURNING last`,
        [year],
      )) as { last: number }[];
      number = `${row.prefix}-${year}-${String(counter.last).padStart(6, '0')}`;
    }
    await db.query(
      `INSERT INTO billing.invoices (number, customer_id, user_id, provider, provider_invoice_id, provider_subscription_id,
                                     reason, issued_at, total_cents, document)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        number,
        row.customerId,
        row.userId,
        row.provider,
        row.providerInvoiceId,
        row.providerSubscriptionId,
        row.reason,
        row.issuedAt,
        row.totalCents,
        JSON.stringify(row.document),
      ],
    );
    return true;
  }

  async numberOf(provider: BillingProvider, providerInvoiceId: string, db: EntityManager): Promise<string> {
    const rows = (await db.query(`SELECT number FROM billing.invoices WHERE provider = $1 AND provider_invoice_id = $2`, [
      provider,
      providerInvoiceId,
    ])) as { number: string }[];
    return rows[0]?.number ?? providerInvoiceId;
  }

  async listOfUser(userId: string): Promise<InvoiceRow[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM billing.invoices WHERE user_id = $1 ORDER BY issued_at DESC, number DESC LIMIT 500`,
      [userId],
    )) as RawRow[];
    return rows.map(toRow);
  }

  async findOfUser(userId: string, id: string): Promise<InvoiceRow | null> {
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM billing.invoices WHERE user_id = $1 AND id = $2`, [
      userId,
      id,
    ])) as RawRow[];
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The language stored on the customer the invoice was issued to (null: none stored). */
  async customerLanguage(invoiceId: string): Promise<string | null> {
    const rows = (await this.dataSource.query(
      `SELECT c.language FROM billing.invoices i JOIN billing.customers c ON c.id = i.customer_id WHERE i.id = $1`,
      [invoiceId],
    )) as { language: string | null }[];
    return rows[0]?.language ?? null;
  }

  async billingDetails(userId: string, db: EntityManager = this.dataSource.manager): Promise<BillingDetailsView> {
    const rows = (await db.query(`SELECT details FROM billing.billing_details WHERE user_id = $1`, [userId])) as {
      details: BillingDetailsView;
    }[];
    return { ...EMPTY_DETAILS, ...(rows[0]?.details ?? {}) };
  }

  async saveBillingDetails(userId: string, details: BillingDetailsView): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO billing.billing_details (user_id, details) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET details = EXCLUDED.details, updated_at = now()`,
      [userId, JSON.stringify(details)],
    );
  }
}
