import type { BillingInterval, PaymentSetupView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';

export interface SignupPaymentInput {
  username: string;
  email: string;
  billingInterval: BillingInterval;
}

/**
 * POST /api/create-signup-payment-intent -> clientSecret, customerId, subscriptionId. The server
 * first checks that the username and email are free (409 with `fields` when not).
 */
export function createSignupPayment(input: SignupPaymentInput): Promise<PaymentSetupView> {
  return api.post<PaymentSetupView>('/api/create-signup-payment-intent', input);
}

/** POST /api/get-or-create-subscription?interval= -> clientSecret (null: nothing left to pay). */
export function getOrCreateSubscription(interval: BillingInterval): Promise<PaymentSetupView> {
  return api.post<PaymentSetupView>(`/api/get-or-create-subscription?interval=${encodeURIComponent(interval)}`);
}
