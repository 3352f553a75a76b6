import type { PaymentOutcomeView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import type { TestCardInput } from './subscription';

/** Test provider: POST /api/test-payments/confirm, the card form's stand-in for Stripe.js confirmPayment. */
export function confirmTestPayment(clientSecret: string, card: TestCardInput): Promise<PaymentOutcomeView> {
  return api.post<PaymentOutcomeView>('/api/test-payments/confirm', { clientSecret, ...card });
}

/** Test provider: POST /api/test-payments/authenticate, the answer to the simulated 3-D Secure challenge. */
export function authenticateTestPayment(clientSecret: string, approve: boolean): Promise<PaymentOutcomeView> {
  return api.post<PaymentOutcomeView>('/api/test-payments/authenticate', { clientSecret, approve });
}
