import type { DomainState, DomainView } from '@qrd/contracts';

export const STATE_BADGE: Record<DomainState, { label: string; variant: 'secondary' | 'success' | 'warning' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  verified: { label: 'Verified', variant: 'success' },
  misconfigured: { label: 'Misconfigured', variant: 'warning' },
  disabled: { label: 'Disabled', variant: 'destructive' },
};

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** What the state means for the domain's links, in a sentence. */
export function stateExplanation(domain: DomainView): string {
  switch (domain.state) {
    case 'pending':
      return 'Create the DNS records below at your DNS host, then check now. Changes to DNS can take a while to be seen.';
    case 'verified':
      return 'Links on this domain work. Keep the records below: they are checked regularly.';
    case 'misconfigured':
      return domain.disablesAt
        ? `The TXT record is missing. Links keep working until ${formatWhen(domain.disablesAt)}; put the records back before then.`
        : 'The TXT record is missing. Links keep working for a while; put the records back soon.';
    case 'disabled':
      return 'Links on this domain answer “not found” until it is verified again.';
  }
}
