import type { Reader } from './reader';

export interface InvoicingConfig {
  seller: { name: string; addressLines: string[]; email: string; vatId: string | null };
  /** Invoice numbers are PREFIX-YEAR-000001, without gaps. */
  numberPrefix: string;
  /** Prices include this tax; invoices show the part of the total it is. Null: no tax line. */
  tax: { label: string; ratePercent: number } | null;
}

/**
 * SELLER_NAME, SELLER_ADDRESS (lines separated by "|"), SELLER_EMAIL, SELLER_VAT_ID,
 * INVOICE_NUMBER_PREFIX, TAX_RATE_PERCENT (e.g. 20 or 8.25) with TAX_LABEL (default VAT).
 */
export function readInvoicing(r: Reader, contactEmail: string): InvoicingConfig {
  const rawRate = r.optional('TAX_RATE_PERCENT');
  let tax: InvoicingConfig['tax'] = null;
  if (rawRate !== null) {
    const rate = Number(rawRate);
    if (!/^\d{1,2}(\.\d{1,3})?$/.test(rawRate) || rate <= 0) {
      r.problems.push(`TAX_RATE_PERCENT must be a percentage above 0 and below 100, e.g. 20 or 8.25 (got "${rawRate}")`);
    } else {
      tax = { label: r.str('TAX_LABEL', 'VAT'), ratePercent: rate };
    }
  }
  const prefix = r.str('INVOICE_NUMBER_PREFIX', 'QRD');
  if (!/^[A-Z0-9]{1,10}$/.test(prefix)) r.problems.push(`INVOICE_NUMBER_PREFIX must be 1 to 10 capital letters or digits (got "${prefix}")`);
  return {
    seller: {
      name: r.str('SELLER_NAME', 'QR Dynamic'),
      addressLines: (r.optional('SELLER_ADDRESS') ?? '').split('|').map((line) => line.trim()).filter(Boolean),
      email: r.str('SELLER_EMAIL', contactEmail),
      vatId: r.optional('SELLER_VAT_ID'),
    },
    numberPrefix: prefix,
    tax,
  };
}
