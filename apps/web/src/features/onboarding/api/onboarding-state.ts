import { useQuery } from '@tanstack/react-query';
import type { QrCodeView, SubscriptionView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';

/**
 * The two reads the checklist needs besides the user. Own query keys (other screens cache these
 * calls in their own shapes) and always re-read on arrival: a code created or a subscription paid
 * a minute ago must show as done.
 */
const fresh = { staleTime: 0, refetchOnMount: 'always' as const };

/** GET /api/qrcodes -> the user's codes; only how many there are matters here. */
export function useCodeCount(enabled: boolean) {
  return useQuery({
    queryKey: ['onboarding', 'code-count'],
    queryFn: async () => (await api.get<QrCodeView[]>('/api/qrcodes')).length,
    enabled,
    ...fresh,
  });
}

/** GET /api/subscription -> its status; null when the user never subscribed. */
export function useSubscriptionStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['onboarding', 'subscription-status'],
    queryFn: async () => (await api.get<Pick<SubscriptionView, 'status'>>('/api/subscription')).status ?? null,
    enabled,
    ...fresh,
  });
}
