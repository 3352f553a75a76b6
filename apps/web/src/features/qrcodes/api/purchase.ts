import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseQrCodeDto, PurchaseResultView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
// The subscription is the billing feature's: its query options and keys are the one way to it.
import { billingKeys } from '../../billing';
import { subscriptionQueryOptions } from '../../billing';

/**
 * POST /api/purchase-qr-code {name, price}: one more seat at the server's price (the shown price is
 * only compared). The idempotency key names this purchase: sent again (an answer lost to a
 * network error), it answers the first result instead of buying again.
 */
export function purchaseSeat({ idempotencyKey, ...input }: PurchaseQrCodeDto & { idempotencyKey: string }): Promise<PurchaseResultView> {
  return api.post<PurchaseResultView>('/api/purchase-qr-code', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** GET /api/subscription, read again on every arrival: the create screen's gate and the price of one more code. */
export function useSubscriptionForCodes() {
  return useQuery({ ...subscriptionQueryOptions(), staleTime: 0, refetchOnMount: 'always' });
}

/** 128 random bits as hex (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newPurchaseKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per purchase the user means to make: kept after a failure (so trying again cannot buy
 * twice if the first attempt went through unseen), replaced after a success.
 */
export function usePurchaseSeat() {
  const queryClient = useQueryClient();
  const key = useRef(newPurchaseKey());
  return useMutation({
    mutationFn: (input: PurchaseQrCodeDto) => purchaseSeat({ ...input, idempotencyKey: key.current }),
    onSuccess: (result) => {
      // A purchase waiting for the bank's 3-D Secure step is finished by sending it again with the same key.
      if (!result.authentication) key.current = newPurchaseKey();
      queryClient.setQueryData(billingKeys.subscription(), result.subscription);
    },
  });
}
