import type { DomainView } from '@qrd/contracts';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCheckDomain } from '../api/domains';
import { DnsRecords } from './dns-records';
import { DomainRedirectsForm } from './domain-redirects-form';
import { formatWhen, STATE_BADGE, stateExplanation } from './domain-state';
import { RemoveDomainDialog } from './remove-domain-dialog';

function DomainItem({ domain, onRemove }: { domain: DomainView; onRemove: (domain: DomainView) => void }) {
  const check = useCheckDomain();
  const [redirectsOpen, setRedirectsOpen] = useState(false);
  const headingId = useId();
  const redirectsId = useId();
  const badge = STATE_BADGE[domain.state];
  const name = domain.unicodeHostname;
  const redirects = [domain.rootRedirect, domain.notFoundRedirect, domain.expiredRedirect].filter(Boolean).length;

  const checkNow = async () => {
    try {
      const checked = await check.mutateAsync(domain.id);
      if (checked.state === 'verified') toast({ title: `${checked.unicodeHostname} is verified`, description: 'Its links work.' });
      else toast({ variant: 'destructive', title: `${checked.unicodeHostname} is not verified`, description: checked.reason ?? STATE_BADGE[checked.state].label });
    } catch (error) {
      toast({ variant: 'destructive', title: 'The check failed', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <li className="grid gap-4 p-3 sm:p-4" aria-labelledby={headingId}>
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="min-w-0 font-semibold break-all">
            {name}
          </h3>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
        {domain.hostname !== name && (
          <p className="text-xs text-muted-foreground break-all">
            As DNS knows it: <code className="font-mono">{domain.hostname}</code>
          </p>
        )}
        <p className="text-sm">{stateExplanation(domain)}</p>
        {domain.reason && <p className="text-sm text-destructive break-words">{domain.reason}</p>}
        <p className="text-xs text-muted-foreground">
          {domain.lastCheckedAt ? `Last checked ${formatWhen(domain.lastCheckedAt)}` : 'Not checked yet'}
          {domain.codes > 0 && ` · ${domain.codes} ${domain.codes === 1 ? 'code uses' : 'codes use'} it`}
          {domain.hsts && ' · Sends HSTS'}
        </p>
      </div>

      <section className="grid gap-2" aria-label={`DNS records for ${name}`}>
        <h4 className="text-sm font-medium">{domain.state === 'verified' ? 'DNS records' : 'DNS records to create'}</h4>
        <DnsRecords domain={domain} />
      </section>

      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={check.isPending} onClick={() => void checkNow()} aria-label={`Check ${name} now`}>
          {check.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {check.isPending ? 'Checking…' : 'Check now'}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={redirectsOpen}
          aria-controls={redirectsId}
          onClick={() => setRedirectsOpen(!redirectsOpen)}
        >
          {redirectsOpen ? 'Hide redirects' : `Redirects${redirects > 0 ? ` (${redirects})` : ''}`}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => onRemove(domain)} aria-label={`Remove ${name}`}>
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </div>
      {redirectsOpen && (
        <div id={redirectsId} className="rounded-md border p-3 sm:p-4">
          <DomainRedirectsForm domain={domain} />
        </div>
      )}
    </li>
  );
}

/** The workspace's domains: state, DNS records, a check on demand, redirects and removal. */
export function DomainList({ domains }: { domains: DomainView[] }) {
  const [removing, setRemoving] = useState<DomainView | null>(null);
  return (
    <>
      <ul className="divide-y rounded-md border" aria-label="Custom domains">
        {domains.map((domain) => (
          <DomainItem key={domain.id} domain={domain} onRemove={setRemoving} />
        ))}
      </ul>
      <RemoveDomainDialog domain={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
