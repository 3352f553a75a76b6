import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodUpdateView, SubscriptionView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';

export const subscriptionQueryKey = ['billing', 'subscription'] as const;

/** GET /api/subscription -> status, interval, seats and seats used, price, next billing date, card. */
export function getSubscription(): Promise<SubscriptionView> {
  return api.get<SubscriptionView>('/api/subscription');
}

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: subscriptionQueryKey, queryFn: getSubscription, staleTime: 30_000 });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}

/** After a change the server's answer is the new subscription: cache it, and refresh what depends on it. */
function useSubscriptionMutation<I>(mutationFn: (input: I) => Promise<SubscriptionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionQueryKey, subscription);
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
    },
  });
}

/** POST /api/subscription/cancel: ends at the period end (the codes keep working until then). */
export function useCancelSubscription() {
  return useSubscriptionMutation<void>(() => api.post<SubscriptionView>('/api/subscription/cancel'));
}

/** POST /api/subscription/resume: undoes a cancellation before the period ends. */
export function useResumeSubscription() {
  return useSubscriptionMutation<void>(() => api.post<SubscriptionView>('/api/subscription/resume'));
}

export interface TestCardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Test provider: POST /api/test-payments/card -> a new card; what is unpaid is retried with it. */
export function useUpdateTestCard() {
  return useSubscriptionMutation<TestCardInput>((card) => api.post<SubscriptionView>('/api/test-payments/card', card));
}

/** Stripe: POST /api/subscription/payment-method -> the Customer Portal address to open. */
export function usePaymentMethodPortal() {
  return useMutation({
    mutationFn: () => api.post<PaymentMethodUpdateView>('/api/subscription/payment-method'),
  });
}
