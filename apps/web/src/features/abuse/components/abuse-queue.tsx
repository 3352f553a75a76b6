import type { AbuseReportView, ReportStatus } from '@qrd/contracts';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { AdminCard } from '../../../components/admin-card';
import { couldNotLoad, QueryState } from '../../../components/query-state';
import { useReports, useRestore, useSetReportStatus, useTakeDown } from '../api/reports';
import { REASON_MESSAGES } from './report-messages';
import { TakedownDialog } from './takedown-dialog';

const messages = defineMessages({
  open: { id: 'site.abuseQueue.open', defaultMessage: 'Open' },
  resolved: { id: 'site.abuseQueue.resolved', defaultMessage: 'Resolved' },
  noSuchCode: { id: 'site.abuseQueue.noSuchCode', defaultMessage: 'No such code' },
  deleted: { id: 'site.abuseQueue.deleted', defaultMessage: 'Deleted by owner' },
  takenDown: { id: 'site.abuseQueue.takenDown', defaultMessage: 'Taken down' },
  redirecting: { id: 'site.abuseQueue.redirecting', defaultMessage: 'Redirecting' },
  notActive: { id: 'site.abuseQueue.notActive', defaultMessage: 'Not active' },
  tryAgain: { id: 'site.common.tryAgain', defaultMessage: 'Please try again.' },
  loadFailed: { id: 'site.abuseQueue.loadFailed', defaultMessage: 'Could not load the reports: {reason}' },
});

const TABS: { status: ReportStatus; label: MessageDescriptor }[] = [
  { status: 'open', label: messages.open },
  { status: 'resolved', label: messages.resolved },
];

/** A code's short path, as its owner and the admins know it (an address, not words). */
const shortPath = (slug: string) => `/r/${slug}`;

function codeState(report: AbuseReportView): { label: MessageDescriptor; variant: 'destructive' | 'secondary' | 'outline' } {
  if (!report.code) return { label: messages.noSuchCode, variant: 'outline' };
  if (report.code.deleted) return { label: messages.deleted, variant: 'outline' };
  if (report.code.takedown) return { label: messages.takenDown, variant: 'destructive' };
  return { label: report.code.state === 'active' ? messages.redirecting : messages.notActive, variant: 'secondary' };
}

/** The abuse queue: reports from the public form, and takedown / restore of the codes they name. */
export function AbuseQueue() {
  const intl = useIntl();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [page, setPage] = useState(1);
  const [takingDown, setTakingDown] = useState<string | null>(null);
  const reports = useReports(status, page);
  const setReportStatus = useSetReportStatus();
  const takeDown = useTakeDown();
  const restore = useRestore();
  const data = reports.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: getErrorMessage(error, intl.formatMessage(messages.tryAgain)) });

  return (
    <AdminCard
      id="abuse-reports"
      title={intl.formatMessage({ id: 'site.abuseQueue.title', defaultMessage: 'Abuse reports' })}
      icon={<Flag className="size-5 text-primary" aria-hidden="true" />}
      description={intl.formatMessage({
        id: 'site.abuseQueue.description',
        defaultMessage:
          'Reports people sent from “Report this QR code”. Taking a code down shows scanners a “disabled” page and emails its owner; restoring brings the redirect back.',
      })}
      aside={
        <div role="group" aria-label={intl.formatMessage({ id: 'site.abuseQueue.which', defaultMessage: 'Which reports' })} className="flex gap-1 rounded-lg border p-1">
          {TABS.map((tab) => (
            <Button
              key={tab.status}
              size="sm"
              variant={status === tab.status ? 'default' : 'ghost'}
              aria-pressed={status === tab.status}
              onClick={() => {
                setStatus(tab.status);
                setPage(1);
              }}
            >
              {intl.formatMessage(tab.label)}
            </Button>
          ))}
        </div>
      }
    >
      <QueryState isLoading={reports.isLoading} error={reports.error} onRetry={() => void reports.refetch()} loading={intl.formatMessage({ id: 'site.abuseQueue.loading', defaultMessage: 'Loading the reports...' })}
        failure={couldNotLoad(messages.loadFailed)} />
      {data && data.items.length === 0 && (
        <p className="py-6 text-sm text-muted-foreground">
          {status === 'open' ? (
            <FormattedMessage id="site.abuseQueue.noOpen" defaultMessage="No open reports. Nothing waits for you." />
          ) : (
            <FormattedMessage id="site.abuseQueue.noResolved" defaultMessage="No resolved reports yet." />
          )}
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul className="grid gap-3" aria-label={intl.formatMessage(
            { id: 'site.abuseQueue.listLabel', defaultMessage: '{status, select, open {Open reports} other {Resolved reports}}' },
            { status },
          )}>
          {data.items.map((report) => {
            const state = codeState(report);
            const busy = setReportStatus.isPending || restore.isPending;
            return (
              <li key={report.id} className="grid gap-2 rounded-md border p-3 sm:p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-medium">{shortPath(report.slug)}</span>
                  <Badge variant={state.variant}>{intl.formatMessage(state.label)}</Badge>
                  <span className="text-sm font-medium">{intl.formatMessage(REASON_MESSAGES[report.reason])}</span>
                  <span className="ms-auto text-xs text-muted-foreground">
                    {intl.formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
                  </span>
                </div>
                {report.code && (
                  <p className="text-sm break-all text-muted-foreground">
                    <FormattedMessage
                      id="site.abuseQueue.codeLine"
                      defaultMessage="“{name}” → {destination}"
                      values={{ name: report.code.name, destination: report.code.destinationUrl }}
                    />
                  </p>
                )}
                {report.code?.takedown && (
                  <p className="text-sm text-destructive">
                    <FormattedMessage
                      id="site.abuseQueue.takenDownReason"
                      defaultMessage="Taken down: {reason}"
                      values={{ reason: report.code.takedown.reason }}
                    />
                  </p>
                )}
                {report.details && <p className="text-sm whitespace-pre-wrap">{report.details}</p>}
                {report.reporterEmail && (
                  <p className="text-xs text-muted-foreground">
                    <FormattedMessage id="site.abuseQueue.reportedBy" defaultMessage="Reported by {email}" values={{ email: report.reporterEmail }} />
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {report.code && !report.code.deleted && !report.code.takedown && (
                    <Button size="sm" variant="destructive" onClick={() => setTakingDown(report.slug)}>
                      <FormattedMessage id="site.abuseQueue.takeDown" defaultMessage="Take down /r/{slug}" values={{ slug: report.slug }} />
                    </Button>
                  )}
                  {report.code?.takedown && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() =>
                        restore.mutate(
                          { slug: report.slug },
                          {
                            onSuccess: () =>
                              toast({
                                title: intl.formatMessage({ id: 'site.abuseQueue.restored', defaultMessage: 'Code restored' }),
                                description: intl.formatMessage(
                                  { id: 'site.abuseQueue.restoredText', defaultMessage: '/r/{slug} redirects again.' },
                                  { slug: report.slug },
                                ),
                              }),
                            onError: failed(intl.formatMessage({ id: 'site.abuseQueue.restoreFailed', defaultMessage: 'Could not restore the code' })),
                          },
                        )
                      }
                    >
                      {restore.isPending && restore.variables?.slug === report.slug && <Spinner />}
                      <FormattedMessage id="site.abuseQueue.restore" defaultMessage="Restore /r/{slug}" values={{ slug: report.slug }} />
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() =>
                      setReportStatus.mutate(
                        { id: report.id, status: report.status === 'open' ? 'resolved' : 'open' },
                        { onError: failed(intl.formatMessage({ id: 'site.abuseQueue.updateFailed', defaultMessage: 'Could not update the report' })) },
                      )
                    }
                  >
                    {report.status === 'open' ? (
                      <FormattedMessage id="site.abuseQueue.markResolved" defaultMessage="Mark resolved" />
                    ) : (
                      <FormattedMessage id="site.abuseQueue.reopen" defaultMessage="Reopen" />
                    )}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {data && pages > 1 && (
        <nav aria-label={intl.formatMessage({ id: 'site.abuseQueue.pages', defaultMessage: 'Report pages' })} className="mt-4 flex items-center justify-between gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <FormattedMessage id="site.common.previous" defaultMessage="Previous" />
          </Button>
          <span>
            <FormattedMessage id="site.abuseQueue.pageOf" defaultMessage="Page {page} of {pages}" values={{ page, pages }} />
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <FormattedMessage id="site.common.next" defaultMessage="Next" />
          </Button>
        </nav>
      )}
      <TakedownDialog
        slug={takingDown}
        busy={takeDown.isPending}
        error={takeDown.error}
        onCancel={() => {
          takeDown.reset();
          setTakingDown(null);
        }}
        onConfirm={(reason) =>
          takingDown &&
          takeDown.mutate(
            { slug: takingDown, reason },
            {
              onSuccess: () => {
                toast({
                  title: intl.formatMessage({ id: 'site.abuseQueue.takenDownToast', defaultMessage: 'Code taken down' }),
                  description: intl.formatMessage(
                    { id: 'site.abuseQueue.takenDownToastText', defaultMessage: '/r/{slug} now shows the disabled page; its owner has been emailed.' },
                    { slug: takingDown },
                  ),
                });
                setTakingDown(null);
              },
            },
          )
        }
      />
    </AdminCard>
  );
}
