import { useSignupWithPayment } from '../../billing';

/**
 * What "Continue to Payment" does once step 1 is valid: the billing feature's signup with payment
 * (step 2 'Complete Your Purchase', then registration with the provider's ids). `paymentStep` is
 * step 2's screen while it is open.
 */
export function useCompleteSignup() {
  return useSignupWithPayment();
}
