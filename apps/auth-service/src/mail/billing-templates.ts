import { BillingNotice, formatCents, MailMessage } from '@qrd/contracts';

/** Billing mails: every figure comes from the billing-service's notice; this only words it. */

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function day(iso: string | null): string {
  if (!iso) return 'the end of the current period';
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

function codes(n: number): string {
  return `${n} QR code${n === 1 ? '' : 's'}`;
}

/** The verb agreeing with codes(n): "keeps" for one code, "keep" for more. */
function verb(n: number, plural: string, singular: string): string {
  return n === 1 ? singular : plural;
}

/** "-$5.12" rather than "$-5.12". */
function money(cents: number): string {
  return cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents);
}

interface Links {
  /** The account's Subscription tab: invoices, the card, the plan. */
  account: string;
  subscribe: string;
}

function mail(to: string, subject: string, paragraphs: string[], link?: { label: string; url: string }): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n') + '\n';
  const body =
    paragraphs.map((p) => `<p style="white-space:pre-wrap">${escape(p)}</p>`).join('') +
    (link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">${body}<p style="color:#666;font-size:12px;margin-top:32px">QR Dynamic</p></body></html>`;
  return { to, subject, text, html };
}

export function billingMail(to: string, username: string, notice: BillingNotice, links: Links): MailMessage {
  const hello = `Hello ${username},`;
  switch (notice.kind) {
    case 'receipt':
      return mail(
        to,
        `Your QR Dynamic receipt ${notice.invoiceNumber}: ${formatCents(notice.totalCents)}`,
        [
          hello,
          `Thank you for your payment of ${formatCents(notice.totalCents)} on ${day(notice.issuedAt)} (invoice ${notice.invoiceNumber}).`,
          notice.lines.map((line) => `${line.description}: ${money(line.amountCents)}`).join('\n'),
          'The invoice, as a PDF, is in your account.',
        ],
        { label: 'Your invoices', url: links.account },
      );
    case 'payment-failed':
      return mail(
        to,
        'Your QR Dynamic payment failed',
        [
          hello,
          `We could not charge your card ${formatCents(notice.amountDueCents)} for the renewal of your ${codes(notice.seats)}.`,
          'Your codes keep redirecting while we try again over the next days. Please update your payment method so the renewal can be paid.',
        ],
        { label: 'Update your payment method', url: links.account },
      );
    case 'renewal-upcoming':
      return mail(
        to,
        `Your QR Dynamic subscription renews on ${day(notice.renewsAt)}`,
        [
          hello,
          `Your annual subscription renews on ${day(notice.renewsAt)}: ${codes(notice.seats)} at ${formatCents(notice.unitAmountCents)} per year, ` +
            `${formatCents(notice.amountCents)} in all, charged to ${notice.card ?? 'your card on file'}.`,
          'To change your plan or cancel before then, go to your account.',
        ],
        { label: 'Your subscription', url: links.account },
      );
    case 'cancellation-confirmed':
      return mail(
        to,
        'Your QR Dynamic subscription is cancelled',
        [
          hello,
          `Your subscription is cancelled: nothing more will be charged. Your ${codes(notice.seats)} ${verb(notice.seats, 'keep', 'keeps')} working until ${day(notice.endsAt)}, then stop redirecting.`,
          'Changed your mind? Resume the subscription from your account before then.',
        ],
        { label: 'Your subscription', url: links.account },
      );
    case 'subscription-ended':
      return mail(
        to,
        'Your QR Dynamic subscription has ended',
        [
          hello,
          `Your subscription has ended and your ${codes(notice.seats)} stopped redirecting: scans now show a page saying the code is not active.`,
          'Subscribe again at any time to bring every code back.',
        ],
        { label: 'Subscribe again', url: links.subscribe },
      );
    case 'codes-restored':
      return mail(
        to,
        'Your QR Dynamic codes are working again',
        [hello, `Your subscription is active again and your ${codes(notice.seats)} ${verb(notice.seats, 'redirect', 'redirects')} again.`],
        { label: 'Your subscription', url: links.account },
      );
  }
}
