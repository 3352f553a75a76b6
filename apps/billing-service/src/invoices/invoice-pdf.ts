import PDFDocument from 'pdfkit';
import { DEFAULT_LANGUAGE, formatMoney, InvoiceView, Language } from '@qrd/contracts';
import { INVOICE_PDF_MESSAGES, label } from './invoice-pdf-messages';

/** Fixed so the same invoice always gives the same bytes (pdfkit otherwise stamps the current time). */
const FIXED_CREATION_DATE = new Date(Date.UTC(2020, 0, 1));

/**
 * The languages the PDF's built-in fonts (Helvetica, Latin-1) can write. Japanese and Arabic need
 * an embedded Unicode font and right-to-left layout: their readers get the English PDF, its
 * amounts formatted the English way (docs/currencies.md).
 */
const LATIN_LANGUAGES: readonly Language[] = ['en', 'de', 'fr', 'es', 'pt-BR'];

/** Spaces and signs the built-in fonts lack, in their Latin-1 forms (French writes 1 234,50 € with narrow spaces). */
function latin1(text: string): string {
  return text.replace(/[\u202F\u2009\u2007]/g, '\u00A0').replace(/\u2212/g, '-');
}

/** What the PDF writes in the reader's language: labels, dates and money. */
function wording(language: Language, currency: InvoiceView['currency']) {
  const locale = LATIN_LANGUAGES.includes(language) ? language : DEFAULT_LANGUAGE;
  const messages = INVOICE_PDF_MESSAGES[locale];
  const dates = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 });
  return {
    messages,
    text: (message: string, values?: Record<string, string>) => latin1(label(message, values)),
    day: (iso: string) => latin1(dates.format(new Date(iso))),
    money: (minor: number) => latin1(formatMoney(minor, currency, locale)),
    percent: (rate: number) => latin1(percent.format(rate / 100)),
  };
}

/**
 * An A4 invoice: seller, buyer, the lines with their periods, subtotal, credit, tax included, total
 * paid, in the invoice's currency, written in `language` (its amounts formatted for its readers).
 */
export function invoiceToPdf(invoice: InvoiceView, language: Language = DEFAULT_LANGUAGE): Promise<Buffer> {
  const currency = invoice.currency ?? 'usd';
  const { messages: m, text, day, money, percent } = wording(language, currency);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: true,
    info: { Title: text(m.title, { number: invoice.number }), Creator: invoice.seller.name, Producer: invoice.seller.name, CreationDate: FIXED_CREATION_DATE },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  doc.font('Helvetica-Bold').fontSize(20).text(text(m.invoice), left, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(text(m.number, { number: invoice.number })).text(text(m.issued, { date: day(invoice.issuedAt) })).text(text(m.reasons[invoice.reason]));
  doc.text(text(m.status));

  const top = 150;
  const seller = invoice.seller;
  doc.font('Helvetica-Bold').text(text(m.from), left, top).font('Helvetica');
  for (const line of [seller.name, ...seller.addressLines, seller.email, seller.vatId ? text(m.vatId, { id: seller.vatId }) : '']) {
    if (line) doc.text(line, { width: width / 2 - 10 });
  }
  const buyer = invoice.buyer;
  doc.font('Helvetica-Bold').text(text(m.billedTo), left + width / 2, top).font('Helvetica');
  const cityLine = [buyer.postalCode, buyer.city].filter(Boolean).join(' ');
  for (const line of [buyer.name, buyer.company, buyer.addressLine1, buyer.addressLine2, cityLine, buyer.country, buyer.email, buyer.vatId ? text(m.vatId, { id: buyer.vatId }) : '']) {
    if (line) doc.text(line, left + width / 2, undefined, { width: width / 2 });
  }

  let y = Math.max(doc.y, top + 110) + 20;
  const amountX = left + width - 90;
  doc.font('Helvetica-Bold').text(text(m.description), left, y).text(text(m.period), left + 270, y).text(text(m.amount), amountX, y, { width: 90, align: 'right' });
  y += 18;
  doc.moveTo(left, y - 4).lineTo(left + width, y - 4).stroke();
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    doc.text(line.description, left, y, { width: 260 });
    const rowEnd = doc.y;
    doc.text(`${day(line.periodStart)} – ${day(line.periodEnd)}`, left + 270, y, { width: 130 });
    doc.text(money(line.amountCents), amountX, y, { width: 90, align: 'right' });
    y = Math.max(rowEnd, doc.y) + 8;
  }
  doc.moveTo(left, y).lineTo(left + width, y).stroke();
  y += 10;
  const total = (label: string, cents: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left + 250, y, { width: 150 });
    doc.text(money(cents), amountX, y, { width: 90, align: 'right' });
    y += 16;
  };
  total(text(m.subtotal), invoice.subtotalCents);
  if (invoice.creditAppliedCents > 0) total(text(m.credit), -invoice.creditAppliedCents);
  total(text(m.totalPaid, { currency: currency.toUpperCase() }), invoice.totalCents, true);
  if (invoice.tax) total(text(m.taxIncluded, { label: invoice.tax.label, rate: percent(invoice.tax.ratePercent) }), invoice.tax.amountCents);
  doc.end();
  return done;
}
