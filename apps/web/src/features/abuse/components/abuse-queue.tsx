import { REPORT_REASON_LABELS, type AbuseReportView, type ReportStatus } from '@qrd/contracts';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { AdminCard } from '../../../components/admin-card';
import { couldNotLoad, QueryState } from '../../../components/query-state';
import { useReports, useRestore, useSetReportStatus, useTakeDown } from '../api/reports';
import { TakedownDialog } from './takedown-dialog';

const TABS: { status: ReportStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'resolved', label: 'Resolved' },
];

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function codeState(report: AbuseReportView): { label: string; variant: 'destructive' | 'secondary' | 'outline' } {
  if (!report.code) return { label: 'No such code', variant: 'outline' };
  if (report.code.deleted) return { label: 'Deleted by owner', variant: 'outline' };
  if (report.code.takedown) return { label: 'Taken down', variant: 'destructive' };
  return { label: report.code.state === 'active' ? 'Redirecting' : 'Not active', variant: 'secondary' };
}

/** The abuse queue: reports from the public form, and takedown / restore of the codes they name. */
export function AbuseQueue() {
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
    toast({ variant: 'destructive', title, description: getErrorMessage(error, 'Please try again.') });

  return (
    <AdminCard
      id="abuse-reports"
      title="Abuse reports"
      icon={<Flag className="size-5 text-primary" aria-hidden="true" />}
      description="Reports people sent from “Report this QR code”. Taking a code down shows scanners a “disabled” page and emails its owner; restoring brings the redirect back."
      aside={
        <div role="group" aria-label="Which reports" className="flex gap-1 rounded-lg border p-1">
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
              {tab.label}
            </Button>
          ))}
        </div>
      }
    >
      <QueryState isLoading={reports.isLoading} error={reports.error} onRetry={() => void reports.refetch()} loading="Loading the reports..." failure={couldNotLoad('the reports')} />
      {data && data.items.length === 0 && (
        <p className="py-6 text-sm text-muted-foreground">{status === 'open' ? 'No open reports. Nothing waits for you.' : 'No resolved reports yet.'}</p>
      )}
      {data && data.items.length > 0 && (
        <ul className="grid gap-3" aria-label={`${status === 'open' ? 'Open' : 'Resolved'} reports`}>
          {data.items.map((report) => {
            const state = codeState(report);
            const busy = setReportStatus.isPending || restore.isPending;
            return (
              <li key={report.id} className="grid gap-2 rounded-md border p-3 sm:p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-medium">/r/{report.slug}</span>
                  <Badge variant={state.variant}>{state.label}</Badge>
                  <span className="text-sm font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
                  <span className="ml-auto text-xs text-muted-foreground">{DATE.format(new Date(report.createdAt))}</span>
                </div>
                {report.code && (
                  <p className="text-sm break-all text-muted-foreground">
                    “{report.code.name}” → {report.code.destinationUrl}
                  </p>
                )}
                {report.code?.takedown && <p className="text-sm text-destructive">Taken down: {report.code.takedown.reason}</p>}
                {report.details && <p className="text-sm whitespace-pre-wrap">{report.details}</p>}
                {report.reporterEmail && <p className="text-xs text-muted-foreground">Reported by {report.reporterEmail}</p>}
                <div className="flex flex-wrap gap-2">
                  {report.code && !report.code.deleted && !report.code.takedown && (
                    <Button size="sm" variant="destructive" onClick={() => setTakingDown(report.slug)}>
                      Take down /r/{report.slug}
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
                          { onSuccess: () => toast({ title: 'Code restored', description: `/r/${report.slug} redirects again.` }), onError: failed('Could not restore the code') },
                        )
                      }
                    >
                      {restore.isPending && restore.variables?.slug === report.slug && <Spinner />}
                      Restore /r/{report.slug}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() =>
                      setReportStatus.mutate(
                        { id: report.id, status: report.status === 'open' ? 'resolved' : 'open' },
                        { onError: failed('Could not update the report') },
                      )
                    }
                  >
                    {report.status === 'open' ? 'Mark resolved' : 'Reopen'}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {data && pages > 1 && (
        <nav aria-label="Report pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
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
                toast({ title: 'Code taken down', description: `/r/${takingDown} now shows the disabled page; its owner has been emailed.` });
                setTakingDown(null);
              },
            },
          )
        }
      />
    </AdminCard>
  );
}
