import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodUpdateView, SubscriptionView } from '@qrd/contracts';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { billingKeys } from './keys';

/** The test provider's card form (TestCardDto). */
export interface TestCardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** GET /api/subscription -> status, interval, seats and seats used, price, next billing date, card. */
export function getSubscription(): Promise<SubscriptionView> {
  return api.get<SubscriptionView>('/api/subscription');
}

/** POST /api/subscription/cancel: ends at the period end (the codes keep working until then). */
export function cancelSubscription(): Promise<SubscriptionView> {
  return api.post<SubscriptionView>('/api/subscription/cancel');
}

/** POST /api/subscription/resume: undoes a cancellation before the period ends. */
export function resumeSubscription(): Promise<SubscriptionView> {
  return api.post<SubscriptionView>('/api/subscription/resume');
}

/** Test provider: POST /api/test-payments/card -> a new card; what is unpaid is retried with it. */
export function updateTestCard(card: TestCardInput): Promise<SubscriptionView> {
  return api.post<SubscriptionView>('/api/test-payments/card', card);
}

/** Stripe: POST /api/subscription/payment-method -> the Customer Portal address to open. */
export function openPaymentMethodPortal(): Promise<PaymentMethodUpdateView> {
  return api.post<PaymentMethodUpdateView>('/api/subscription/payment-method');
}

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.subscription(), queryFn: getSubscription, staleTime: 30_000 });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}

/** After a change the server's answer is the new subscription: it replaces the cached one. */
function useSubscriptionMutation<I>(mutationFn: (input: I) => Promise<SubscriptionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (subscription) => queryClient.setQueryData(billingKeys.subscription(), subscription),
  });
}

export function useCancelSubscription() {
  return useSubscriptionMutation<void>(cancelSubscription);
}

export function useResumeSubscription() {
  return useSubscriptionMutation<void>(resumeSubscription);
}

/** A new card pays what was open at once: that payment is a new invoice. */
export function useUpdateTestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTestCard,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(billingKeys.subscription(), subscription);
      await queryClient.invalidateQueries({ queryKey: billingKeys.invoices() });
    },
  });
}

export function usePaymentMethodPortal() {
  return useMutation({ mutationFn: openPaymentMethodPortal });
}

/**
 * A payment confirmed by the card form (Stripe.js or the test provider) changed the subscription
 * on the server: the returned function re-reads it, and resolves once the new state is cached.
 */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: billingKeys.subscription() }), [queryClient]);
}
