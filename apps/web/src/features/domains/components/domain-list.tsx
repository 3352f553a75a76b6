import type { DomainView } from '@qrd/contracts';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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

const messages = defineMessages<string>({
  verified: { id: 'analytics.domainList.verified', defaultMessage: '{domain} is verified' },
  linksWork: { id: 'analytics.domainList.linksWork', defaultMessage: 'Its links work.' },
  notVerified: { id: 'analytics.domainList.notVerified', defaultMessage: '{domain} is not verified' },
  checkFailed: { id: 'analytics.domainList.checkFailed', defaultMessage: 'The check failed' },
  tryLater: { id: 'analytics.domainList.tryLater', defaultMessage: 'Please try again later.' },
  recordsFor: { id: 'analytics.dnsRecords.recordsFor', defaultMessage: 'DNS records for {domain}' },
  checkNow: { id: 'analytics.domainList.checkNowLabel', defaultMessage: 'Check {domain} now' },
  remove: { id: 'analytics.domainList.removeLabel', defaultMessage: 'Remove {domain}' },
});

function DomainItem({ domain, onRemove }: { domain: DomainView; onRemove: (domain: DomainView) => void }) {
  const intl = useIntl();
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
      if (checked.state === 'verified') {
        toast({ title: intl.formatMessage(messages.verified, { domain: checked.unicodeHostname }), description: intl.formatMessage(messages.linksWork) });
      } else {
        toast({
          variant: 'destructive',
          title: intl.formatMessage(messages.notVerified, { domain: checked.unicodeHostname }),
          description: checked.reason ?? intl.formatMessage(STATE_BADGE[checked.state].label),
        });
      }
    } catch (error) {
      toast({ variant: 'destructive', title: intl.formatMessage(messages.checkFailed), description: getErrorMessage(error, intl.formatMessage(messages.tryLater)) });
    }
  };

  return (
    <li className="grid gap-4 p-3 sm:p-4" aria-labelledby={headingId}>
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="min-w-0 font-semibold break-all">
            {name}
          </h3>
          <Badge variant={badge.variant}>{intl.formatMessage(badge.label)}</Badge>
        </div>
        {domain.hostname !== name && (
          <p className="text-xs text-muted-foreground break-all">
            <FormattedMessage
              id="analytics.domainList.asDnsKnowsIt"
              defaultMessage="As DNS knows it: <code>{hostname}</code>"
              values={{ hostname: domain.hostname, code: (chunks) => <code className="font-mono">{chunks}</code> }}
            />
          </p>
        )}
        <p className="text-sm">{stateExplanation(intl, domain)}</p>
        {domain.reason && <p className="text-sm text-destructive break-words">{domain.reason}</p>}
        <p className="text-xs text-muted-foreground">
          {domain.lastCheckedAt ? (
            <FormattedMessage id="analytics.domainList.lastChecked" defaultMessage="Last checked {when}" values={{ when: formatWhen(intl, domain.lastCheckedAt) }} />
          ) : (
            <FormattedMessage id="analytics.domainList.notChecked" defaultMessage="Not checked yet" />
          )}
          {domain.codes > 0 && (
            <FormattedMessage
              id="analytics.domainList.codesUse"
              defaultMessage=" · {count, plural, one {# code uses} other {# codes use}} it"
              values={{ count: domain.codes }}
            />
          )}
          {domain.hsts && <FormattedMessage id="analytics.domainList.sendsHsts" defaultMessage=" · Sends HSTS" />}
        </p>
      </div>

      <section className="grid gap-2" aria-label={intl.formatMessage(messages.recordsFor, { domain: name })}>
        <h4 className="text-sm font-medium">
          {domain.state === 'verified' ? (
            <FormattedMessage id="analytics.domainList.records" defaultMessage="DNS records" />
          ) : (
            <FormattedMessage id="analytics.domainList.recordsToCreate" defaultMessage="DNS records to create" />
          )}
        </h4>
        <DnsRecords domain={domain} />
      </section>

      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={check.isPending} onClick={() => void checkNow()} aria-label={intl.formatMessage(messages.checkNow, { domain: name })}>
          {check.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {check.isPending ? (
            <FormattedMessage id="analytics.domainList.checking" defaultMessage="Checking…" />
          ) : (
            <FormattedMessage id="analytics.domainList.checkNow" defaultMessage="Check now" />
          )}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={redirectsOpen}
          aria-controls={redirectsId}
          onClick={() => setRedirectsOpen(!redirectsOpen)}
        >
          {redirectsOpen ? (
            <FormattedMessage id="analytics.domainList.hideRedirects" defaultMessage="Hide redirects" />
          ) : (
            <FormattedMessage
              id="analytics.domainList.redirects"
              defaultMessage="{count, plural, =0 {Redirects} other {Redirects (#)}}"
              values={{ count: redirects }}
            />
          )}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => onRemove(domain)} aria-label={intl.formatMessage(messages.remove, { domain: name })}>
          <Trash2 aria-hidden="true" /> <FormattedMessage id="analytics.domainList.remove" defaultMessage="Remove" />
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
  const intl = useIntl();
  const [removing, setRemoving] = useState<DomainView | null>(null);
  return (
    <>
      <ul className="divide-y rounded-md border" aria-label={intl.formatMessage({ id: 'analytics.domainList.label', defaultMessage: 'Custom domains' })}>
        {domains.map((domain) => (
          <DomainItem key={domain.id} domain={domain} onRemove={setRemoving} />
        ))}
      </ul>
      <RemoveDomainDialog domain={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
