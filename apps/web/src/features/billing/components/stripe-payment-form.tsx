import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry: the plain one injects js.stripe.com as soon as the module is imported, on every
// page and with the test provider too. This way Stripe.js loads only when a Stripe form is shown.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { resultOfIntent, type PaymentResult } from '../lib/payment-result';
import type { PaymentFormProps } from './test-payment-form';

/** Stripe.js is loaded once per publishable key, and only on pages that take a payment. */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/** Stripe's Payment Element, confirmed with the subscription's client secret. */
export function StripePaymentForm({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements key={props.clientSecret} stripe={stripeFor(publishableKey)} options={{ clientSecret: props.clientSecret }}>
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ submitLabel, returnPath, onResult }: PaymentFormProps) {
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
        // Cards answer here; only payment methods that must leave the page go to the return URL.
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
          result = resultOfIntent(confirmed.paymentIntent?.status);
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
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Card payment">
      <PaymentElement onReady={() => setReady(true)} />
      {/* Spec: disabled until the payment library is ready, and while processing. */}
      <Button type="submit" className="w-full" disabled={!stripe || !elements || !ready || busy}>
        {busy && <Spinner />}
        {busy ? 'Processing...' : submitLabel}
      </Button>
    </form>
  );
}
