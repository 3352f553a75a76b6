import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { isLanguage } from '@qrd/contracts';
import type { StripeElementLocale } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paymentMessages, resultOfIntent, type PaymentResult } from '../lib/payment-result';
import { stripeFor } from '../lib/stripe-loader';
import type { PaymentFormProps } from './test-payment-form';

/** Stripe's Payment Element, confirmed with the subscription's client secret. */
export function StripePaymentForm({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  // Stripe's own fields speak the shown language (it knows each of ours by the same tag).
  const { locale: shown } = useIntl();
  const locale: StripeElementLocale = isLanguage(shown) ? (shown as StripeElementLocale) : 'auto';
  return (
    <Elements
      key={`${props.clientSecret}:${locale}`}
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: props.clientSecret, locale }}
    >
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ submitLabel, returnPath, onResult }: PaymentFormProps) {
  const intl = useIntl();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      let result: PaymentResult;
      try {
        // Only cards are offered (docs/adr/0012): they answer here, 3-D Secure included, so the
        // return URL is never reached; Stripe.js still asks for one.
        const confirmed = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: `${window.location.origin}${returnPath}` },
          redirect: 'if_required',
        });
        if (confirmed.error) {
          result =
            confirmed.error.type === 'card_error' || confirmed.error.type === 'validation_error'
              ? { kind: 'declined', message: confirmed.error.message ?? '' }
              : { kind: 'error', message: confirmed.error.message ?? '' };
        } else {
          result = resultOfIntent(confirmed.paymentIntent?.status, null, intl.formatMessage(paymentMessages.declinedFallback));
        }
      } catch (error) {
        result = { kind: 'error', message: error instanceof Error ? error.message : '' };
      }
      await onResult(result);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="grid gap-4"
      aria-label={intl.formatMessage({ id: 'billing.paymentForm.label', defaultMessage: 'Card payment' })}
    >
      <PaymentElement onReady={() => setReady(true)} />
      {/* Spec: disabled until the payment library is ready, and while processing. */}
      <Button type="submit" className="w-full" disabled={!stripe || !elements || !ready || busy}>
        {busy && <Spinner />}
        {busy ? intl.formatMessage(paymentMessages.processing) : submitLabel}
      </Button>
    </form>
  );
}
