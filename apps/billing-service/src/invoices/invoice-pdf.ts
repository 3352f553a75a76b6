import PDFDocument from 'pdfkit';
import { formatCents, InvoiceReason, InvoiceView } from '@qrd/contracts';

/** Fixed so the same invoice always gives the same bytes (pdfkit otherwise stamps the current time). */
const FIXED_CREATION_DATE = new Date(Date.UTC(2020, 0, 1));

const TITLES: Record<InvoiceReason, string> = {
  subscription_create: 'Subscription',
  subscription_cycle: 'Renewal',
  subscription_update: 'Subscription change',
};

function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** An A4 invoice: seller, buyer, the lines with their periods, subtotal, credit, tax included, total paid. */
export function invoiceToPdf(invoice: InvoiceView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: true,
    info: { Title: `Invoice ${invoice.number}`, Creator: invoice.seller.name, Producer: invoice.seller.name, CreationDate: FIXED_CREATION_DATE },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  doc.font('Helvetica-Bold').fontSize(20).text('Invoice', left, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Invoice number: ${invoice.number}`).text(`Date of issue: ${day(invoice.issuedAt)}`).text(TITLES[invoice.reason]);
  doc.text('Status: paid');

  const top = 150;
  const seller = invoice.seller;
  doc.font('Helvetica-Bold').text('From', left, top).font('Helvetica');
  for (const line of [seller.name, ...seller.addressLines, seller.email, seller.vatId ? `VAT ID: ${seller.vatId}` : '']) {
    if (line) doc.text(line, { width: width / 2 - 10 });
  }
  const buyer = invoice.buyer;
  doc.font('Helvetica-Bold').text('Billed to', left + width / 2, top).font('Helvetica');
  const cityLine = [buyer.postalCode, buyer.city].filter(Boolean).join(' ');
  for (const line of [buyer.name, buyer.company, buyer.addressLine1, buyer.addressLine2, cityLine, buyer.country, buyer.email, buyer.vatId ? `VAT ID: ${buyer.vatId}` : '']) {
    if (line) doc.text(line, left + width / 2, undefined, { width: width / 2 });
  }

  let y = Math.max(doc.y, top + 110) + 20;
  const amountX = left + width - 90;
  doc.font('Helvetica-Bold').text('Description', left, y).text('Period', left + 270, y).text('Amount', amountX, y, { width: 90, align: 'right' });
  y += 18;
  doc.moveTo(left, y - 4).lineTo(left + width, y - 4).stroke();
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    doc.text(line.description, left, y, { width: 260 });
    const rowEnd = doc.y;
    doc.text(`${day(line.periodStart)} – ${day(line.periodEnd)}`, left + 270, y, { width: 130 });
    doc.text(formatCents(line.amountCents).replace('$-', '-$'), amountX, y, { width: 90, align: 'right' });
    y = Math.max(rowEnd, doc.y) + 8;
  }
  doc.moveTo(left, y).lineTo(left + width, y).stroke();
  y += 10;
  const total = (label: string, cents: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left + 250, y, { width: 150 });
    doc.text(formatCents(cents).replace('$-', '-$'), amountX, y, { width: 90, align: 'right' });
    y += 16;
  };
  total('Subtotal', invoice.subtotalCents);
  if (invoice.creditAppliedCents > 0) total('Credit applied', -invoice.creditAppliedCents);
  total('Total paid (USD)', invoice.totalCents, true);
  if (invoice.tax) total(`Of which ${invoice.tax.label} ${invoice.tax.ratePercent}%`, invoice.tax.amountCents);
  doc.end();
  return done;
}
