import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseQrCodeDto, PurchaseResultView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
// The subscription is the billing feature's: its query options and keys are the one way to it.
import { billingKeys } from '../../billing';
import { subscriptionQueryOptions } from '../../billing';

/** POST /api/purchase-qr-code {name, price}: one more seat at the server's price (the shown price is only compared). */
export function purchaseSeat(input: PurchaseQrCodeDto): Promise<PurchaseResultView> {
  return api.post<PurchaseResultView>('/api/purchase-qr-code', input);
}

/** GET /api/subscription, read again on every arrival: the create screen's gate and the price of one more code. */
export function useSubscriptionForCodes() {
  return useQuery({ ...subscriptionQueryOptions(), staleTime: 0, refetchOnMount: 'always' });
}

export function usePurchaseSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseSeat,
    onSuccess: (result) => queryClient.setQueryData(billingKeys.subscription(), result.subscription),
  });
}
