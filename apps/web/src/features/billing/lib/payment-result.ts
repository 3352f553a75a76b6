import { defineMessages, type IntlShape } from 'react-intl';

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

export const paymentMessages = defineMessages<string>({
  declinedFallback: { id: 'billing.payment.declinedFallback', defaultMessage: 'Your payment was declined. Please try another card.' },
  unexpected: { id: 'billing.payment.unexpected', defaultMessage: 'An unexpected error occurred' },
  processingTitle: { id: 'billing.payment.processingTitle', defaultMessage: 'Payment processing' },
  processingText: {
    id: 'billing.payment.processingText',
    defaultMessage: "Your payment is processing. We'll update your subscription as soon as it completes.",
  },
  failedTitle: { id: 'billing.payment.failedTitle', defaultMessage: 'Payment Failed' },
  tryAgain: { id: 'billing.payment.tryAgain', defaultMessage: 'Please try again.' },
  errorTitle: { id: 'billing.payment.errorTitle', defaultMessage: 'Payment Error' },
  status: { id: 'billing.payment.status', defaultMessage: 'Payment status: {status}' },
  processing: { id: 'billing.payment.processing', defaultMessage: 'Processing...' },
});

/** `declinedFallback`: what a decline says when the provider gives no reason (in the shown language). */
export function resultOfIntent(status: string | null | undefined, providerMessage?: string | null, declinedFallback = ''): PaymentResult {
  if (!status || status === 'succeeded') return { kind: 'succeeded' };
  if (status === 'processing') return { kind: 'processing' };
  if (status === 'requires_payment_method') return { kind: 'declined', message: providerMessage || declinedFallback };
  return { kind: 'status', status };
}

/** Toast texts of spec section 8 for a payment that did not succeed. */
export function paymentFailureToast(
  intl: IntlShape,
  result: Exclude<PaymentResult, { kind: 'succeeded' }>,
): {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
} {
  switch (result.kind) {
    case 'processing':
      return { title: intl.formatMessage(paymentMessages.processingTitle), description: intl.formatMessage(paymentMessages.processingText), variant: 'default' };
    case 'declined':
      return { title: intl.formatMessage(paymentMessages.failedTitle), description: result.message || intl.formatMessage(paymentMessages.tryAgain), variant: 'destructive' };
    case 'status':
      return { title: intl.formatMessage(paymentMessages.errorTitle), description: intl.formatMessage(paymentMessages.status, { status: result.status }), variant: 'destructive' };
    case 'error':
      return { title: intl.formatMessage(paymentMessages.errorTitle), description: result.message || intl.formatMessage(paymentMessages.unexpected), variant: 'destructive' };
  }
}
