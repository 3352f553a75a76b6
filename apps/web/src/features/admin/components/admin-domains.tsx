import { Globe } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AdminCard } from '../../../components/admin-card';
import { couldNotLoad, QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { formatWhen, STATE_BADGE } from '../../domains';
import { useAdminDomains, useSetDomainDisabled, type AdminDomainView } from '../api/admin-domains';

/** The server keeps at most this many characters of a reason (AdminDomainStatusDto). */
const REASON_MAX = 500;

/** Asks why a domain is disabled: its workspace's managers are emailed the reason. */
function DisableDomainDialog({ domain, onClose }: { domain: AdminDomainView | null; onClose: () => void }) {
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
    if (!reason.trim()) return setProblem('Say why the domain is disabled: its workspace is told.');
    try {
      await disable.mutateAsync({ id: domain.id, disabled: true, reason: reason.trim() });
      toast({ title: 'Domain disabled', description: `${domain.unicodeHostname}: its links answer “not found”; the workspace has been emailed.` });
      close();
    } catch (error) {
      setProblem(getErrorMessage(error, 'The domain could not be disabled. Please try again.'));
    }
  };

  return (
    <Dialog open={domain !== null} onOpenChange={(open) => !open && !disable.isPending && close()}>
      <DialogContent>
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <DialogHeader>
            <DialogTitle className="break-all">Disable {domain?.unicodeHostname}?</DialogTitle>
            <DialogDescription>
              Its links answer “not found” and it is no longer checked until you enable it again. The workspace's owners and admins are emailed the
              reason below.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="disable-domain-reason">Reason</Label>
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
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending}>
              {disable.isPending && <Spinner />}
              Disable domain
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The back office's custom domains of every workspace: state, why, codes on each; disable one (abuse) or enable it again. */
export function AdminDomains() {
  const domains = useAdminDomains();
  const enable = useSetDomainDisabled();
  const [disabling, setDisabling] = useState<AdminDomainView | null>(null);

  const enableDomain = (domain: AdminDomainView) =>
    enable.mutate(
      { id: domain.id, disabled: false },
      {
        onSuccess: (checked) =>
          toast({
            title: `${checked.unicodeHostname} enabled`,
            description: checked.state === 'verified' ? 'It was checked at once and is verified: its links work.' : `It was checked at once: ${checked.reason ?? STATE_BADGE[checked.state].label}`,
          }),
        onError: (error) => toast({ variant: 'destructive', title: 'Could not enable the domain', description: getErrorMessage(error, 'Please try again.') }),
      },
    );

  return (
    <AdminCard
      id="admin-domains"
      title="Custom domains"
      icon={<Globe className="size-5 text-primary" aria-hidden="true" />}
      description="Every workspace's short domains. Disabling one (abuse) makes its links answer “not found” and emails the workspace the reason; enabling it checks its DNS records again."
    >
      <QueryState isLoading={domains.isLoading} error={domains.error} onRetry={() => void domains.refetch()} loading="Loading the domains..." failure={couldNotLoad('the domains')} />
      {domains.data && domains.data.length === 0 && <p className="py-6 text-sm text-muted-foreground">No workspace has added a custom domain yet.</p>}
      {domains.data && domains.data.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Custom domains</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="p-2 font-medium">Domain</th>
                <th scope="col" className="p-2 font-medium">State</th>
                <th scope="col" className="p-2 font-medium">Reason</th>
                <th scope="col" className="p-2 text-right font-medium">Codes</th>
                <th scope="col" className="p-2 font-medium">Workspace</th>
                <th scope="col" className="p-2 font-medium">Added</th>
                <th scope="col" className="p-2 font-medium">
                  <span className="sr-only">Actions</span>
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
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                    </td>
                    <td className="max-w-xs p-2 align-top break-words">{domain.reason ?? <span className="text-muted-foreground">—</span>}</td>
                    <td className="p-2 text-right align-top tabular-nums">{domain.codes.toLocaleString()}</td>
                    <td className="p-2 align-top font-mono text-xs break-all">{domain.workspaceId}</td>
                    <td className="p-2 align-top whitespace-nowrap">{formatWhen(domain.createdAt)}</td>
                    <td className="p-2 text-right align-top">
                      {domain.state === 'disabled' ? (
                        <Button size="sm" variant="outline" disabled={enable.isPending} onClick={() => enableDomain(domain)} aria-label={`Enable ${name}`}>
                          {enable.isPending && enable.variables?.id === domain.id && <Spinner />}
                          Enable
                        </Button>
                      ) : (
                        <Button size="sm" variant="destructive" onClick={() => setDisabling(domain)} aria-label={`Disable ${name}`}>
                          Disable
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
