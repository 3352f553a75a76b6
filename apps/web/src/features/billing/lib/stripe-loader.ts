// The pure entry: the plain one injects js.stripe.com as soon as the module is imported, on every
// page and with the test provider too. This way Stripe.js loads only when a Stripe form is shown.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** Stripe.js is loaded once per publishable key, and only on pages that take a payment. */
const loaded = new Map<string, Promise<Stripe | null>>();
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}
