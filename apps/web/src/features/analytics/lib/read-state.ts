// How the analytics screens word a read that is loading or has failed (props of the shared QueryState).
import { defineMessages, type IntlShape } from 'react-intl';
import type { QueryStateLook } from '../../../components/query-state';

const messages = defineMessages({
  loading: { id: 'analytics.read.loading', defaultMessage: 'Loading analytics...' },
  failure: { id: 'analytics.read.failure', defaultMessage: 'Could not load the analytics.' },
});

export function analyticsRead(intl: IntlShape): { loading: string; failure: () => string; look: QueryStateLook } {
  return {
    loading: intl.formatMessage(messages.loading),
    failure: () => intl.formatMessage(messages.failure),
    look: 'inline',
  };
}
