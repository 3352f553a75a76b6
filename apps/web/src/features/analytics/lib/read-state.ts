// How the analytics screens word a read that is loading or has failed (props of the shared QueryState).
import type { QueryStateLook } from '../../../components/query-state';

export const ANALYTICS_READ: { loading: string; failure: () => string; look: QueryStateLook } = {
  loading: 'Loading analytics...',
  failure: () => 'Could not load the analytics.',
  look: 'inline',
};
