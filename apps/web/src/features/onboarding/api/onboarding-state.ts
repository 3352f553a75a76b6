import { useQuery } from '@tanstack/react-query';
// The checklist reads the codes and the subscription through their features' query options, so a
// code created or a subscription paid elsewhere updates the same cache the checklist shows.
import { subscriptionQueryOptions } from '../../billing';
import { codeCountQueryOptions } from '../../qrcodes';

/** Always re-read on arrival: a code created or a subscription paid a minute ago must show as done. */
const fresh = { staleTime: 0, refetchOnMount: 'always' as const };

/** GET /api/qrcodes?limit=1 -> how many codes the user has. */
export function useCodeCount(enabled: boolean) {
  return useQuery({ ...codeCountQueryOptions(), enabled, ...fresh });
}

/** GET /api/subscription -> its status; null when the user never subscribed. */
export function useSubscriptionStatus(enabled: boolean) {
  return useQuery({ ...subscriptionQueryOptions(), select: (subscription) => subscription.status ?? null, enabled, ...fresh });
}
