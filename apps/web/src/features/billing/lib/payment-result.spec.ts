import { createIntl } from 'react-intl';
import { paymentFailureToast, resultOfIntent } from './payment-result';

const intl = createIntl({ locale: 'en', defaultLocale: 'en' });

describe(resultOfIntent.name, () => {
  it('reads the intent status as the spec says', () => {
    expect(resultOfIntent('succeeded')).toEqual({ kind: 'succeeded' });
    expect(resultOfIntent(undefined)).toEqual({ kind: 'succeeded' });
    expect(resultOfIntent('processing')).toEqual({ kind: 'processing' });
    expect(resultOfIntent('requires_payment_method', 'Your card was declined.')).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
    });
    expect(resultOfIntent('requires_capture')).toEqual({ kind: 'status', status: 'requires_capture' });
  });

  it('names each failure with the spec toasts', () => {
    expect(paymentFailureToast(intl, { kind: 'declined', message: '' })).toMatchObject({ title: 'Payment Failed', description: 'Please try again.' });
    expect(paymentFailureToast(intl, { kind: 'processing' }).title).toBe('Payment processing');
    expect(paymentFailureToast(intl, { kind: 'status', status: 'canceled' }).description).toBe('Payment status: canceled');
    expect(paymentFailureToast(intl, { kind: 'error', message: '' }).description).toBe('An unexpected error occurred');
  });
});
