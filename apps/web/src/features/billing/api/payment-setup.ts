import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingInterval, Currency, Language, PaymentSetupView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { useSetUser } from '../../../lib/auth';
import type { User } from '../../../lib/user';
import { billingKeys } from './keys';

/**
 * Setting up a payment creates or reuses a subscription on the server, so each is a command
 * (a mutation): it runs when the screen asks, and is never repeated by a refetch or a retry.
 */

export interface SignupPaymentInput {
  username: string;
  email: string;
  billingInterval: BillingInterval;
  /** The currency the prices were shown in; the first payment fixes the account's. */
  currency?: Currency;
  /** The language the invoices are written in (the shown one). */
  language?: Language;
}

/**
 * POST /api/create-signup-payment-intent -> clientSecret, customerId, subscriptionId. The server
 * first checks that the username and email are free (409 with `fields` when not).
 */
export function createSignupPayment(input: SignupPaymentInput): Promise<PaymentSetupView> {
  return api.post<PaymentSetupView>('/api/create-signup-payment-intent', input);
}

/**
 * POST /api/get-or-create-subscription?interval=&currency= -> clientSecret (null: nothing left to
 * pay). The currency counts only until the account has paid; afterwards the account's is used.
 */
export function getOrCreateSubscription({ interval, currency }: { interval: BillingInterval; currency: Currency }): Promise<PaymentSetupView> {
  const query = new URLSearchParams({ interval, currency });
  return api.post<PaymentSetupView>(`/api/get-or-create-subscription?${query.toString()}`);
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  billingInterval: BillingInterval;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  /** The account's language (the shown one). */
  language?: Language;
}

/** POST /api/register with the paid subscription's ids -> 201 and the new user, signed in. */
export function register(input: RegisterInput): Promise<User> {
  return api.post<User>('/api/register', input);
}

export function useCreateSignupPayment() {
  return useMutation({ mutationFn: createSignupPayment });
}

export function useGetOrCreateSubscription() {
  return useMutation({ mutationFn: getOrCreateSubscription });
}

/** The new user replaces the cached one (signed in), and the subscription is read again. */
export function useRegister() {
  const setUser = useSetUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      setUser(user);
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
    },
  });
}
