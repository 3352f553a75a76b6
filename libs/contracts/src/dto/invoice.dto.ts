import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { Currency } from './money';

/** Invoices and the buyer's billing details (browser-safe: the web form validates with this class). */

/** PUT /api/billing-details: what our invoices print about the buyer. Empty strings clear a field. */
export class BillingDetailsDto {
  @IsString({ message: 'Name must be text' })
  @MaxLength(200, { message: 'Name is too long (200 characters at most)' })
  name!: string;

  @IsOptional()
  @IsString({ message: 'Company must be text' })
  @MaxLength(200, { message: 'Company is too long (200 characters at most)' })
  company?: string;

  @IsOptional()
  @IsString({ message: 'Address must be text' })
  @MaxLength(200, { message: 'Address line is too long (200 characters at most)' })
  addressLine1?: string;

  @IsOptional()
  @IsString({ message: 'Address must be text' })
  @MaxLength(200, { message: 'Address line is too long (200 characters at most)' })
  addressLine2?: string;

  @IsOptional()
  @IsString({ message: 'City must be text' })
  @MaxLength(100, { message: 'City is too long (100 characters at most)' })
  city?: string;

  @IsOptional()
  @IsString({ message: 'Postal code must be text' })
  @MaxLength(20, { message: 'Postal code is too long (20 characters at most)' })
  postalCode?: string;

  @IsOptional()
  @IsString({ message: 'Country must be text' })
  @MaxLength(100, { message: 'Country is too long (100 characters at most)' })
  country?: string;

  @IsOptional()
  @IsString({ message: 'VAT number must be text' })
  @Matches(/^$|^[A-Za-z]{2}[A-Za-z0-9 .-]{2,20}$/, { message: 'VAT number must start with its two-letter country code, e.g. DE123456789' })
  vatId?: string;
}

export interface BillingDetailsView {
  name: string;
  company: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  country: string;
  vatId: string;
}

export type InvoiceReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

export interface InvoiceLineView {
  description: string;
  /** Seats (QR codes) the line is for. */
  quantity: number;
  /** Per seat for a whole period; null on a prorated line. */
  unitAmountCents: number | null;
  /** Negative for a credit (unused time of a previous price). */
  amountCents: number;
  periodStart: string;
  periodEnd: string;
  proration: boolean;
}

export interface InvoiceSummaryView {
  id: string;
  number: string;
  issuedAt: string;
  reason: InvoiceReason;
  /** QR codes (seats) this invoice added mid-period; null when it is not for added codes (e.g. a billing interval switch). */
  codesAdded: number | null;
  /** What was charged, in `currency`. */
  totalCents: number;
  /** The currency of every amount of the invoice (the account's; absent on invoices from before currencies: US dollars). */
  currency?: Currency;
  /** Our PDF (/api/invoices/:id/pdf), or Stripe's hosted PDF. */
  pdfUrl: string;
  /** Stripe's hosted invoice page; null for our own invoices. */
  hostedUrl: string | null;
}

export interface InvoiceView extends InvoiceSummaryView {
  seller: { name: string; addressLines: string[]; email: string; vatId: string | null };
  buyer: BillingDetailsView & { email: string };
  lines: InvoiceLineView[];
  /** Sum of the lines. */
  subtotalCents: number;
  /** Credit already on the account that paid part of the subtotal. */
  creditAppliedCents: number;
  /** The tax included in the total, when a tax rate is configured. */
  tax: { label: string; ratePercent: number; amountCents: number } | null;
}
