import { Download, ExternalLink } from 'lucide-react';
import type { InvoiceReason, InvoiceSummaryView } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useInvoices } from '../api/invoices';
import { AccountCreditNote } from './account-credit-note';
import { formatCents, formatDate } from '../lib/format';

const REASONS: Record<InvoiceReason, string> = {
  subscription_create: 'Subscription',
  subscription_cycle: 'Renewal',
  subscription_update: 'Plan change',
};

/** What the invoice was for: codes added mid-period say how many. */
function reasonLabel(invoice: InvoiceSummaryView): string {
  if (invoice.codesAdded) return `${invoice.codesAdded} QR code${invoice.codesAdded === 1 ? '' : 's'} added`;
  return REASONS[invoice.reason];
}

function InvoiceRow({ invoice }: { invoice: InvoiceSummaryView }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b py-3 last:border-0">
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">{invoice.number}</span>
        <span className="text-muted-foreground">
          {formatDate(invoice.issuedAt)} · {reasonLabel(invoice)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium tabular-nums">{formatCents(invoice.totalCents)}</span>
        {invoice.hostedUrl && (
          <Button asChild variant="ghost" size="sm">
            <a href={invoice.hostedUrl} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              View<span className="sr-only"> invoice {invoice.number}</span>
            </a>
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <a href={invoice.pdfUrl} {...(invoice.hostedUrl ? { target: '_blank', rel: 'noreferrer' } : { download: `invoice-${invoice.number}.pdf` })}>
            <Download aria-hidden="true" />
            PDF<span className="sr-only"> of invoice {invoice.number}</span>
          </a>
        </Button>
      </div>
    </li>
  );
}

/** The account's invoices: one for every payment, each downloadable as a PDF. */
export function InvoicesCard() {
  const invoices = useInvoices();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invoices</CardTitle>
        <CardDescription>One for every payment: the subscription, codes added, renewals and plan changes.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <AccountCreditNote />
        {invoices.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading your invoices...
          </p>
        ) : invoices.isError ? (
          <div className="grid gap-2 text-sm">
            <p role="alert">Could not load your invoices. Please try again later.</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void invoices.refetch()}>
              Try again
            </Button>
          </div>
        ) : invoices.data && invoices.data.length > 0 ? (
          <ul aria-label="Invoices">
            {invoices.data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No invoices yet. Your first one appears once a payment is made.</p>
        )}
      </CardContent>
    </Card>
  );
}
