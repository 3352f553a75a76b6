/**
 * What happened to a payment, whichever provider's form took it (spec section 4: succeeded is
 * success; processing waits; requires_payment_method is a decline; any other status is shown;
 * no intent returned counts as success).
 */
export type PaymentResult =
  | { kind: 'succeeded' }
  | { kind: 'processing' }
  | { kind: 'declined'; message: string }
  | { kind: 'status'; status: string }
  | { kind: 'error'; message: string };

export const DECLINED_FALLBACK = 'Your payment was declined. Please try another card.';

export function resultOfIntent(status: string | null | undefined, providerMessage?: string | null): PaymentResult {
  if (!status || status === 'succeeded') return { kind: 'succeeded' };
  if (status === 'processing') return { kind: 'processing' };
  if (status === 'requires_payment_method') return { kind: 'declined', message: providerMessage || DECLINED_FALLBACK };
  return { kind: 'status', status };
}

/** Toast texts of spec section 8 for a payment that did not succeed. */
export function paymentFailureToast(result: Exclude<PaymentResult, { kind: 'succeeded' }>): {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
} {
  switch (result.kind) {
    case 'processing':
      return {
        title: 'Payment processing',
        description: "Your payment is processing. We'll update your subscription as soon as it completes.",
        variant: 'default',
      };
    case 'declined':
      return { title: 'Payment Failed', description: result.message || 'Please try again.', variant: 'destructive' };
    case 'status':
      return { title: 'Payment Error', description: `Payment status: ${result.status}`, variant: 'destructive' };
    case 'error':
      return { title: 'Payment Error', description: result.message || 'An unexpected error occurred', variant: 'destructive' };
  }
}
