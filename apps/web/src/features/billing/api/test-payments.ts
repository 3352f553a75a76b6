import { useMutation } from '@tanstack/react-query';
import type { PaymentOutcomeView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import type { TestCardInput } from './subscription';

/** Test provider: POST /api/test-payments/confirm, the card form's stand-in for Stripe.js confirmPayment. */
export function confirmTestPayment(input: { clientSecret: string } & TestCardInput): Promise<PaymentOutcomeView> {
  return api.post<PaymentOutcomeView>('/api/test-payments/confirm', input);
}

/** Test provider: POST /api/test-payments/authenticate, the answer to the simulated 3-D Secure challenge. */
export function authenticateTestPayment(input: { clientSecret: string; approve: boolean }): Promise<PaymentOutcomeView> {
  return api.post<PaymentOutcomeView>('/api/test-payments/authenticate', input);
}

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}

export function useAuthenticateTestPayment() {
  return useMutation({ mutationFn: authenticateTestPayment });
}
