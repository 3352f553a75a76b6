import { ShieldCheck } from 'lucide-react';
import type { ReconcileCheck } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useReconcileNow } from '../api/reconcile';
import { formatCount } from '../api/format';
import { AdminCard } from '../../../components/admin-card';

const CHECK_NAMES: Record<ReconcileCheck['check'], string> = {
  seats: 'Seats paid and codes held',
  'redirect-table': 'Redirect table and database',
  outbox: 'Undelivered events',
  signups: 'Paid signups without an account',
  accounts: 'Subscriptions of deleted accounts',
  subscriptions: 'Subscriptions and the payment provider',
  blocklist: 'Codes leading to blocklisted domains (taken down)',
  'content-files': 'Uploaded files no code uses (removed)',
};

function outcome(check: ReconcileCheck): string {
  if (check.needsAttention) return `${formatCount(check.needsAttention)} to look at`;
  if (check.repaired) return `${formatCount(check.repaired)} repaired`;
  return 'All agree';
}

/** "Reconcile now": the checks the services also run on their own every few minutes. */
export function Reconciliation() {
  const reconcile = useReconcileNow();
  const report = reconcile.data;
  return (
    <AdminCard
      id="reconciliation"
      title="Reconciliation"
      icon={<ShieldCheck className="size-5 text-primary" aria-hidden="true" />}
      description="Compares what must agree and repairs what it can: seats left after a renewal are dropped, redirects are rewritten from the database, undelivered events are retried. It also runs by itself every 15 minutes."
      aside={
        <Button onClick={() => reconcile.mutate()} disabled={reconcile.isPending}>
          {reconcile.isPending && <Spinner />}
          {reconcile.isPending ? 'Checking…' : 'Reconcile now'}
        </Button>
      }
    >
      <div aria-live="polite">
        {reconcile.isError && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(reconcile.error, 'The checks could not run. Please try again.')}
          </p>
        )}
        {!report && !reconcile.isError && <p className="text-sm text-muted-foreground">No check run from here yet.</p>}
        {report && (
          <ul className="grid gap-3">
            {report.checks.map((check) => (
              <li key={check.check} className="rounded-md border p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{CHECK_NAMES[check.check]}</span>
                  <span className={check.needsAttention ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
                    {outcome(check)} · {formatCount(check.checked)} checked
                  </span>
                </div>
                {check.details.length > 0 && (
                  <ul className="mt-2 list-disc pl-5 text-sm text-muted-foreground">
                    {check.details.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminCard>
  );
}
