import { BillingNotice, Currency, DEFAULT_CURRENCY, isCurrency, Language, MailMessage } from '@qrd/contracts';
import { Block, compose, hello, linkLine, paragraph, verbatim } from './compose';
import { MailText, mailText } from './i18n/mail-text';

/**
 * Billing mails, in the recipient's language: every figure comes from the billing-service's
 * notice (amounts in minor units of its currency); this only words and formats it.
 */

interface Links {
  /** The account's Subscription tab: invoices, the card, the plan. */
  account: string;
  subscribe: string;
}

/** The notice's currency; notices that carry none are in US dollars. */
export function noticeCurrency(notice: BillingNotice): Currency {
  const currency = (notice as { currency?: unknown }).currency;
  return isCurrency(currency) ? currency : DEFAULT_CURRENCY;
}

function day(t: MailText, iso: string | null): string {
  return iso ? t.day(iso) : t.text('billing.periodEnd');
}

/** "visa ending in 4242" as the billing-service words a card, said in the reader's language. */
function card(t: MailText, described: string | null): string {
  if (!described) return t.text('billing.cardOnFile');
  const match = /^(.+) ending in (\d{4})$/.exec(described);
  return match ? t.text('billing.card', { brand: match[1], last4: match[2] }) : described;
}

function mail(t: MailText, to: string, subject: string, blocks: Block[], link: { label: string; url: string }): MailMessage {
  return compose(t, to, subject, [...blocks, linkLine(t, link.label, link.url)]);
}

export function billingMail(to: string, username: string, notice: BillingNotice, links: Links, language?: Language | null): MailMessage {
  const t = mailText(language);
  const currency = noticeCurrency(notice);
  const money = (minor: number) => t.money(minor, currency);
  const greeting = hello(t, username);
  const subscription = { label: t.text('billing.subscriptionLink'), url: links.account };
  switch (notice.kind) {
    case 'receipt': {
      const total = money(notice.totalCents);
      return mail(
        t,
        to,
        t.text('billing.receipt.subject', { invoice: notice.invoiceNumber, total }),
        [
          greeting,
          paragraph(t, 'billing.receipt.thanks', { total, date: day(t, notice.issuedAt), invoice: notice.invoiceNumber }),
          verbatim(notice.lines.map((line) => t.text('billing.receipt.line', { description: line.description, amount: money(line.amountCents) })).join('\n')),
          paragraph(t, 'billing.receipt.pdf'),
        ],
        { label: t.text('billing.receipt.link'), url: links.account },
      );
    }
    case 'payment-failed':
      return mail(
        t,
        to,
        t.text('billing.paymentFailed.subject'),
        [greeting, paragraph(t, 'billing.paymentFailed.what', { amount: money(notice.amountDueCents), seats: notice.seats }), paragraph(t, 'billing.paymentFailed.retry')],
        { label: t.text('billing.paymentFailed.link'), url: links.account },
      );
    case 'renewal-upcoming': {
      const date = day(t, notice.renewsAt);
      return mail(
        t,
        to,
        t.text('billing.renewal.subject', { date }),
        [
          greeting,
          paragraph(t, 'billing.renewal.what', {
            date,
            seats: notice.seats,
            unitAmount: money(notice.unitAmountCents),
            amount: money(notice.amountCents),
            card: card(t, notice.card),
          }),
          paragraph(t, 'billing.renewal.change'),
        ],
        subscription,
      );
    }
    case 'cancellation-confirmed':
      return mail(
        t,
        to,
        t.text('billing.cancelled.subject'),
        [greeting, paragraph(t, 'billing.cancelled.what', { seats: notice.seats, date: day(t, notice.endsAt) }), paragraph(t, 'billing.cancelled.resume')],
        subscription,
      );
    case 'subscription-ended':
      return mail(
        t,
        to,
        t.text('billing.ended.subject'),
        [greeting, paragraph(t, 'billing.ended.what', { seats: notice.seats }), paragraph(t, 'billing.ended.again')],
        { label: t.text('billing.ended.link'), url: links.subscribe },
      );
    case 'codes-restored':
      return mail(t, to, t.text('billing.restored.subject'), [greeting, paragraph(t, 'billing.restored.what', { seats: notice.seats })], subscription);
  }
}
