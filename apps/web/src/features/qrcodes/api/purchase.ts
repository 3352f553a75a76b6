import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseResultView, SubscriptionView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';

/** The billing screens' cache key for GET /api/subscription: one request serves both. */
const subscriptionKey = ['billing', 'subscription'] as const;

/** GET /api/subscription: the create screen's gate and the price of one more code. */
export function useSubscriptionForCodes() {
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: () => api.get<SubscriptionView>('/api/subscription'),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** POST /api/purchase-qr-code: one more seat at the server's price (the shown price is only compared). */
export function usePurchaseSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; price: number | undefined }) => api.post<PurchaseResultView>('/api/purchase-qr-code', input),
    onSuccess: (result) => queryClient.setQueryData(subscriptionKey, result.subscription),
  });
}
