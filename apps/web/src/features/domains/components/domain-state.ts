import type { DomainState, DomainView } from '@qrd/contracts';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

const messages = defineMessages<string>({
  pending: { id: 'analytics.domainState.pending', defaultMessage: 'Pending' },
  verified: { id: 'analytics.domainState.verified', defaultMessage: 'Verified' },
  misconfigured: { id: 'analytics.domainState.misconfigured', defaultMessage: 'Misconfigured' },
  disabled: { id: 'analytics.domainState.disabled', defaultMessage: 'Disabled' },
  pendingExplained: {
    id: 'analytics.domainState.pendingExplained',
    defaultMessage: 'Create the DNS records below at your DNS host, then check now. Changes to DNS can take a while to be seen.',
  },
  verifiedExplained: {
    id: 'analytics.domainState.verifiedExplained',
    defaultMessage: 'Links on this domain work. Keep the records below: they are checked regularly.',
  },
  misconfiguredUntil: {
    id: 'analytics.domainState.misconfiguredUntil',
    defaultMessage: 'The TXT record is missing. Links keep working until {date}; put the records back before then.',
  },
  misconfiguredExplained: {
    id: 'analytics.domainState.misconfiguredExplained',
    defaultMessage: 'The TXT record is missing. Links keep working for a while; put the records back soon.',
  },
  disabledExplained: {
    id: 'analytics.domainState.disabledExplained',
    defaultMessage: 'Links on this domain answer “not found” until it is verified again.',
  },
});

export const STATE_BADGE: Record<DomainState, { label: MessageDescriptor; variant: 'secondary' | 'success' | 'warning' | 'destructive' }> = {
  pending: { label: messages.pending, variant: 'secondary' },
  verified: { label: messages.verified, variant: 'success' },
  misconfigured: { label: messages.misconfigured, variant: 'warning' },
  disabled: { label: messages.disabled, variant: 'destructive' },
};

/** A moment as the shown language writes it ("Nov 28, 2026, 10:15 AM"). */
export function formatWhen(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** What the state means for the domain's links, in a sentence. */
export function stateExplanation(intl: IntlShape, domain: DomainView): string {
  switch (domain.state) {
    case 'pending':
      return intl.formatMessage(messages.pendingExplained);
    case 'verified':
      return intl.formatMessage(messages.verifiedExplained);
    case 'misconfigured':
      return domain.disablesAt
        ? intl.formatMessage(messages.misconfiguredUntil, { date: formatWhen(intl, domain.disablesAt) })
        : intl.formatMessage(messages.misconfiguredExplained);
    case 'disabled':
      return intl.formatMessage(messages.disabledExplained);
  }
}
