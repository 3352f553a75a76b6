import { ShieldCheck } from 'lucide-react';
import type { ReconcileCheck } from '@qrd/contracts';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useReconcileNow } from '../api/reconcile';
import { AdminCard } from '../../../components/admin-card';

const CHECK_NAMES = defineMessages<ReconcileCheck['check']>({
  seats: { id: 'analytics.admin.reconcile.check.seats', defaultMessage: 'Seats paid and codes held' },
  'redirect-table': { id: 'analytics.admin.reconcile.check.redirectTable', defaultMessage: 'Redirect table and database' },
  outbox: { id: 'analytics.admin.reconcile.check.outbox', defaultMessage: 'Undelivered events' },
  signups: { id: 'analytics.admin.reconcile.check.signups', defaultMessage: 'Paid signups without an account' },
  accounts: { id: 'analytics.admin.reconcile.check.accounts', defaultMessage: 'Subscriptions of deleted accounts' },
  subscriptions: { id: 'analytics.admin.reconcile.check.subscriptions', defaultMessage: 'Subscriptions and the payment provider' },
  blocklist: { id: 'analytics.admin.reconcile.check.blocklist', defaultMessage: 'Codes leading to blocklisted domains (taken down)' },
  'content-files': { id: 'analytics.admin.reconcile.check.contentFiles', defaultMessage: 'Uploaded files no code uses (removed)' },
});

const messages = defineMessages<string>({
  toLookAt: { id: 'analytics.admin.reconcile.toLookAt', defaultMessage: '{count, number} to look at · {checked, number} checked' },
  repaired: { id: 'analytics.admin.reconcile.repaired', defaultMessage: '{count, number} repaired · {checked, number} checked' },
  agree: { id: 'analytics.admin.reconcile.agree', defaultMessage: 'All agree · {checked, number} checked' },
  title: { id: 'analytics.admin.reconcile.title', defaultMessage: 'Reconciliation' },
  description: {
    id: 'analytics.admin.reconcile.description',
    defaultMessage:
      'Compares what must agree and repairs what it can: seats left after a renewal are dropped, redirects are rewritten from the database, undelivered events are retried. It also runs by itself every 15 minutes.',
  },
  failed: { id: 'analytics.admin.reconcile.failed', defaultMessage: 'The checks could not run. Please try again.' },
});

/** What a check found, with how much it looked at. */
function outcome(intl: IntlShape, check: ReconcileCheck): string {
  if (check.needsAttention) return intl.formatMessage(messages.toLookAt, { count: check.needsAttention, checked: check.checked });
  if (check.repaired) return intl.formatMessage(messages.repaired, { count: check.repaired, checked: check.checked });
  return intl.formatMessage(messages.agree, { checked: check.checked });
}

/** "Reconcile now": the checks the services also run on their own every few minutes. */
export function Reconciliation() {
  const intl = useIntl();
  const reconcile = useReconcileNow();
  const report = reconcile.data;
  return (
    <AdminCard
      id="reconciliation"
      title={intl.formatMessage(messages.title)}
      icon={<ShieldCheck className="size-5 text-primary" aria-hidden="true" />}
      description={intl.formatMessage(messages.description)}
      aside={
        <Button onClick={() => reconcile.mutate()} disabled={reconcile.isPending}>
          {reconcile.isPending && <Spinner />}
          {reconcile.isPending ? (
            <FormattedMessage id="analytics.admin.reconcile.checking" defaultMessage="Checking…" />
          ) : (
            <FormattedMessage id="analytics.admin.reconcile.run" defaultMessage="Reconcile now" />
          )}
        </Button>
      }
    >
      <div aria-live="polite">
        {reconcile.isError && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(reconcile.error, intl.formatMessage(messages.failed))}
          </p>
        )}
        {!report && !reconcile.isError && (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="analytics.admin.reconcile.none" defaultMessage="No check run from here yet." />
          </p>
        )}
        {report && (
          <ul className="grid gap-3">
            {report.checks.map((check) => (
              <li key={check.check} className="rounded-md border p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{CHECK_NAMES[check.check] ? intl.formatMessage(CHECK_NAMES[check.check]) : check.check}</span>
                  <span className={check.needsAttention ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
                    {outcome(intl, check)}
                  </span>
                </div>
                {check.details.length > 0 && (
                  <ul className="mt-2 list-disc ps-5 text-sm text-muted-foreground">
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
