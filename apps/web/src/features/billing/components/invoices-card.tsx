import { Download, ExternalLink } from 'lucide-react';
import type { InvoiceReason, InvoiceSummaryView } from '@qrd/contracts';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useInvoices } from '../api/invoices';
import { AccountCreditNote } from './account-credit-note';
import { formatAmount, formatDate } from '../lib/format';

const REASONS = defineMessages<InvoiceReason>({
  subscription_create: { id: 'billing.invoices.reason.create', defaultMessage: 'Subscription' },
  subscription_cycle: { id: 'billing.invoices.reason.cycle', defaultMessage: 'Renewal' },
  subscription_update: { id: 'billing.invoices.reason.update', defaultMessage: 'Plan change' },
});

const codesAdded = defineMessages<string>({
  text: { id: 'billing.invoices.codesAdded', defaultMessage: '{count, plural, one {# QR code added} other {# QR codes added}}' },
});

/** What the invoice was for: codes added mid-period say how many. */
function reasonLabel(intl: IntlShape, invoice: InvoiceSummaryView): string {
  if (invoice.codesAdded) return intl.formatMessage(codesAdded.text, { count: invoice.codesAdded });
  return intl.formatMessage(REASONS[invoice.reason]);
}

function InvoiceRow({ invoice }: { invoice: InvoiceSummaryView }) {
  const intl = useIntl();
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b py-3 last:border-0">
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">{invoice.number}</span>
        <span className="text-muted-foreground">
          <FormattedMessage
            id="billing.invoices.line"
            defaultMessage="{date} · {reason}"
            values={{ date: formatDate(intl, invoice.issuedAt), reason: reasonLabel(intl, invoice) }}
          />
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium tabular-nums">{formatAmount(intl, invoice.totalCents, invoice.currency)}</span>
        {invoice.hostedUrl && (
          <Button asChild variant="ghost" size="sm">
            <a href={invoice.hostedUrl} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              <FormattedMessage
                id="billing.invoices.view"
                defaultMessage="View<hidden> invoice {number}</hidden>"
                values={{ number: invoice.number, hidden: (chunks) => <span className="sr-only">{chunks}</span> }}
              />
            </a>
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <a href={invoice.pdfUrl} {...(invoice.hostedUrl ? { target: '_blank', rel: 'noreferrer' } : { download: `invoice-${invoice.number}.pdf` })}>
            <Download aria-hidden="true" />
            <FormattedMessage
              id="billing.invoices.pdf"
              defaultMessage="PDF<hidden> of invoice {number}</hidden>"
              values={{ number: invoice.number, hidden: (chunks) => <span className="sr-only">{chunks}</span> }}
            />
          </a>
        </Button>
      </div>
    </li>
  );
}

/** The account's invoices: one for every payment, each downloadable as a PDF. */
export function InvoicesCard() {
  const intl = useIntl();
  const invoices = useInvoices();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="billing.invoices.title" defaultMessage="Invoices" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="billing.invoices.description"
            defaultMessage="One for every payment: the subscription, codes added, renewals and plan changes."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <AccountCreditNote />
        {invoices.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> <FormattedMessage id="billing.invoices.loading" defaultMessage="Loading your invoices..." />
          </p>
        ) : invoices.isError ? (
          <div className="grid gap-2 text-sm">
            <p role="alert">
              <FormattedMessage id="billing.invoices.loadFailed" defaultMessage="Could not load your invoices. Please try again later." />
            </p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void invoices.refetch()}>
              <FormattedMessage id="billing.invoices.tryAgain" defaultMessage="Try again" />
            </Button>
          </div>
        ) : invoices.data && invoices.data.length > 0 ? (
          <ul aria-label={intl.formatMessage({ id: 'billing.invoices.title', defaultMessage: 'Invoices' })}>
            {invoices.data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="billing.invoices.empty" defaultMessage="No invoices yet. Your first one appears once a payment is made." />
          </p>
        )}
      </CardContent>
    </Card>
  );
}
