import { Globe } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { AdminCard } from '../../../components/admin-card';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { formatWhen, STATE_BADGE } from '../../domains';
import { useAdminDomains, useSetDomainDisabled, type AdminDomainView } from '../api/admin-domains';
import { loadFailure, NOT_KNOWN } from '../api/format';

/** The server keeps at most this many characters of a reason (AdminDomainStatusDto). */
const REASON_MAX = 500;

const messages = defineMessages<string>({
  reasonMissing: { id: 'analytics.admin.domains.reasonMissing', defaultMessage: 'Say why the domain is disabled: its workspace is told.' },
  disabled: { id: 'analytics.admin.domains.disabled', defaultMessage: 'Domain disabled' },
  disabledDone: {
    id: 'analytics.admin.domains.disabledDone',
    defaultMessage: '{domain}: its links answer “not found”; the workspace has been emailed.',
  },
  disableFailed: { id: 'analytics.admin.domains.disableFailed', defaultMessage: 'The domain could not be disabled. Please try again.' },
  enabled: { id: 'analytics.admin.domains.enabled', defaultMessage: '{domain} enabled' },
  enabledVerified: { id: 'analytics.admin.domains.enabledVerified', defaultMessage: 'It was checked at once and is verified: its links work.' },
  enabledChecked: { id: 'analytics.admin.domains.enabledChecked', defaultMessage: 'It was checked at once: {result}' },
  enableFailed: { id: 'analytics.admin.domains.enableFailed', defaultMessage: 'Could not enable the domain' },
  tryAgain: { id: 'analytics.admin.domains.tryAgain', defaultMessage: 'Please try again.' },
  title: { id: 'analytics.admin.domains.title', defaultMessage: 'Custom domains' },
  description: {
    id: 'analytics.admin.domains.description',
    defaultMessage:
      "Every workspace's short domains. Disabling one (abuse) makes its links answer “not found” and emails the workspace the reason; enabling it checks its DNS records again.",
  },
  loading: { id: 'analytics.admin.domains.loading', defaultMessage: 'Loading the domains...' },
  loadFailed: { id: 'analytics.admin.domains.loadFailed', defaultMessage: 'Could not load the domains: {reason}' },
  enableLabel: { id: 'analytics.admin.domains.enableLabel', defaultMessage: 'Enable {domain}' },
  disableLabel: { id: 'analytics.admin.domains.disableLabel', defaultMessage: 'Disable {domain}' },
});

/** Asks why a domain is disabled: its workspace's managers are emailed the reason. */
function DisableDomainDialog({ domain, onClose }: { domain: AdminDomainView | null; onClose: () => void }) {
  const intl = useIntl();
  const disable = useSetDomainDisabled();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setProblem(null);
    disable.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!domain || disable.isPending) return;
    if (!reason.trim()) return setProblem(intl.formatMessage(messages.reasonMissing));
    try {
      await disable.mutateAsync({ id: domain.id, disabled: true, reason: reason.trim() });
      toast({ title: intl.formatMessage(messages.disabled), description: intl.formatMessage(messages.disabledDone, { domain: domain.unicodeHostname }) });
      close();
    } catch (error) {
      setProblem(getErrorMessage(error, intl.formatMessage(messages.disableFailed)));
    }
  };

  return (
    <Dialog open={domain !== null} onOpenChange={(open) => !open && !disable.isPending && close()}>
      <DialogContent>
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <DialogHeader>
            <DialogTitle className="break-all">
              <FormattedMessage id="analytics.admin.domains.disableTitle" defaultMessage="Disable {domain}?" values={{ domain: domain?.unicodeHostname ?? '' }} />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage
                id="analytics.admin.domains.disableDescription"
                defaultMessage="Its links answer “not found” and it is no longer checked until you enable it again. The workspace's owners and admins are emailed the reason below."
              />
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="disable-domain-reason">
              <FormattedMessage id="analytics.admin.domains.reason" defaultMessage="Reason" />
            </Label>
            <textarea
              id="disable-domain-reason"
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'disable-domain-reason-error' : undefined}
              className="flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
            />
            {problem && (
              <p id="disable-domain-reason-error" role="alert" className="text-sm font-medium text-destructive">
                {problem}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={disable.isPending}>
              <FormattedMessage id="analytics.admin.confirm.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending}>
              {disable.isPending && <Spinner />}
              <FormattedMessage id="analytics.admin.domains.disableButton" defaultMessage="Disable domain" />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The back office's custom domains of every workspace: state, why, codes on each; disable one (abuse) or enable it again. */
export function AdminDomains() {
  const intl = useIntl();
  const domains = useAdminDomains();
  const enable = useSetDomainDisabled();
  const [disabling, setDisabling] = useState<AdminDomainView | null>(null);

  const enableDomain = (domain: AdminDomainView) =>
    enable.mutate(
      { id: domain.id, disabled: false },
      {
        onSuccess: (checked) =>
          toast({
            title: intl.formatMessage(messages.enabled, { domain: checked.unicodeHostname }),
            description:
              checked.state === 'verified'
                ? intl.formatMessage(messages.enabledVerified)
                : intl.formatMessage(messages.enabledChecked, { result: checked.reason ?? intl.formatMessage(STATE_BADGE[checked.state].label) }),
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: intl.formatMessage(messages.enableFailed), description: getErrorMessage(error, intl.formatMessage(messages.tryAgain)) }),
      },
    );

  return (
    <AdminCard
      id="admin-domains"
      title={intl.formatMessage(messages.title)}
      icon={<Globe className="size-5 text-primary" aria-hidden="true" />}
      description={intl.formatMessage(messages.description)}
    >
      <QueryState
        isLoading={domains.isLoading}
        error={domains.error}
        onRetry={() => void domains.refetch()}
        loading={intl.formatMessage(messages.loading)}
        failure={loadFailure(intl, messages.loadFailed)}
      />
      {domains.data && domains.data.length === 0 && (
        <p className="py-6 text-sm text-muted-foreground">
          <FormattedMessage id="analytics.admin.domains.none" defaultMessage="No workspace has added a custom domain yet." />
        </p>
      )}
      {domains.data && domains.data.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{intl.formatMessage(messages.title)}</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="p-2 text-start font-medium">
                  <FormattedMessage id="analytics.admin.domains.domain" defaultMessage="Domain" />
                </th>
                <th scope="col" className="p-2 text-start font-medium">
                  <FormattedMessage id="analytics.admin.domains.state" defaultMessage="State" />
                </th>
                <th scope="col" className="p-2 text-start font-medium">
                  <FormattedMessage id="analytics.admin.domains.reason" defaultMessage="Reason" />
                </th>
                <th scope="col" className="p-2 text-end font-medium">
                  <FormattedMessage id="analytics.admin.column.codes" defaultMessage="Codes" />
                </th>
                <th scope="col" className="p-2 text-start font-medium">
                  <FormattedMessage id="analytics.admin.domains.workspace" defaultMessage="Workspace" />
                </th>
                <th scope="col" className="p-2 text-start font-medium">
                  <FormattedMessage id="analytics.admin.domains.added" defaultMessage="Added" />
                </th>
                <th scope="col" className="p-2 font-medium">
                  <span className="sr-only">
                    <FormattedMessage id="analytics.admin.column.actions" defaultMessage="Actions" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {domains.data.map((domain) => {
                const badge = STATE_BADGE[domain.state];
                const name = domain.unicodeHostname;
                return (
                  <tr key={domain.id}>
                    <th scope="row" className="p-2 align-top font-medium">
                      <span className="break-all">{name}</span>
                      {domain.hostname !== name && <span className="block text-xs font-normal break-all text-muted-foreground">{domain.hostname}</span>}
                    </th>
                    <td className="p-2 align-top">
                      <Badge variant={badge.variant}>{intl.formatMessage(badge.label)}</Badge>
                    </td>
                    <td className="max-w-xs p-2 align-top break-words">{domain.reason ?? <span className="text-muted-foreground">{NOT_KNOWN}</span>}</td>
                    <td className="p-2 text-end align-top tabular-nums">{intl.formatNumber(domain.codes)}</td>
                    <td className="p-2 align-top font-mono text-xs break-all">{domain.workspaceId}</td>
                    <td className="p-2 align-top whitespace-nowrap">{formatWhen(intl, domain.createdAt)}</td>
                    <td className="p-2 text-end align-top">
                      {domain.state === 'disabled' ? (
                        <Button size="sm" variant="outline" disabled={enable.isPending} onClick={() => enableDomain(domain)} aria-label={intl.formatMessage(messages.enableLabel, { domain: name })}>
                          {enable.isPending && enable.variables?.id === domain.id && <Spinner />}
                          <FormattedMessage id="analytics.admin.domains.enable" defaultMessage="Enable" />
                        </Button>
                      ) : (
                        <Button size="sm" variant="destructive" onClick={() => setDisabling(domain)} aria-label={intl.formatMessage(messages.disableLabel, { domain: name })}>
                          <FormattedMessage id="analytics.admin.domains.disable" defaultMessage="Disable" />
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <DisableDomainDialog domain={disabling} onClose={() => setDisabling(null)} />
    </AdminCard>
  );
}
