import type { InvoiceView } from '@qrd/contracts';
import { invoiceToPdf } from './invoice-pdf';
import { pdfText } from '@qrd/testing';

const INVOICE: InvoiceView = {
  id: '5f0c7d1e-1111-4222-8333-944455556666',
  number: 'QRD-2026-000042',
  issuedAt: '2026-03-05T10:00:00.000Z',
  reason: 'subscription_update',
  codesAdded: null,
  totalCents: 6468,
  pdfUrl: '/api/invoices/5f0c7d1e-1111-4222-8333-944455556666/pdf',
  hostedUrl: null,
  seller: { name: 'QR Dynamic Ltd', addressLines: ['1 Market Street'], email: 'billing@example.com', vatId: null },
  buyer: { name: 'Ada', company: '', addressLine1: '', addressLine2: '', city: 'Berlin', postalCode: '10115', country: 'Germany', vatId: 'DE123456789', email: 'ada@example.com' },
  lines: [
    { description: 'Unused time on 2 × QR code', quantity: 2, unitAmountCents: null, amountCents: -512, periodStart: '2026-03-05T10:00:00.000Z', periodEnd: '2026-03-26T10:00:00.000Z', proration: true },
    { description: '2 × QR code (at $34.90 / year)', quantity: 2, unitAmountCents: 3490, amountCents: 6980, periodStart: '2026-03-05T10:00:00.000Z', periodEnd: '2027-03-05T10:00:00.000Z', proration: false },
  ],
  subtotalCents: 6468,
  creditAppliedCents: 0,
  tax: { label: 'VAT', ratePercent: 20, amountCents: 1078 },
  currency: 'usd',
};

describe(invoiceToPdf.name, () => {
  it('is a PDF titled with the invoice number, the same bytes for the same invoice', async () => {
    const first = await invoiceToPdf(INVOICE);
    const second = await invoiceToPdf(INVOICE);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.toString('latin1')).toContain('Invoice QRD-2026-000042');
    expect(first.equals(second)).toBe(true);
    expect((await invoiceToPdf({ ...INVOICE, totalCents: 1 })).equals(first)).toBe(false);
  });

  it('writes English with US dollars by default', async () => {
    const text = pdfText(await invoiceToPdf(INVOICE));
    expect(text).toEqual(expect.arrayContaining(['Invoice', 'Subtotal', '$64.68', '-$5.12', 'Total paid (USD)', 'Of which VAT 20%', 'Mar 5, 2026 – Mar 26, 2026']));
  });

  it("writes a German reader's euro invoice in German, its amounts the German way", async () => {
    const text = pdfText(await invoiceToPdf({ ...INVOICE, currency: 'eur' }, 'de'));
    expect(text).toEqual(
      expect.arrayContaining(['Rechnung', 'Zwischensumme', '64,68\u00a0€', '-5,12\u00a0€', 'Bezahlt gesamt (EUR)', 'Darin enthalten VAT 20\u00a0%', 'Status: bezahlt']),
    );
  });

  it('writes pounds for a French reader with French spaces the built-in fonts can show', async () => {
    const text = pdfText(await invoiceToPdf({ ...INVOICE, currency: 'gbp', totalCents: 123456 }, 'fr'));
    expect(text).toEqual(expect.arrayContaining(['Facture', '1\u00a0234,56\u00a0£GB', 'Total payé (GBP)']));
  });

  it("writes English for languages the built-in fonts cannot write, in the invoice's currency", async () => {
    const text = pdfText(await invoiceToPdf({ ...INVOICE, currency: 'eur' }, 'ja'));
    expect(text).toEqual(expect.arrayContaining(['Invoice', '€64.68', 'Total paid (EUR)']));
  });
});
