import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { getErrorMessage } from '../../../lib/api-client';
import { siteConfigQueryOptions } from '../../../lib/site-config';
import { authenticateTestPayment } from '../api/test-payments';
import { AuthenticationDialog } from '../components/authentication-dialog';
import { paymentMessages } from '../lib/payment-result';
import { stripeFor } from '../lib/stripe-loader';

export type AuthenticationResult = { ok: true } | { ok: false; message: string };

/**
 * The bank's 3-D Secure step for a payment the server left waiting (a seat bought, a plan
 * switched): Stripe.js's handleNextAction with Stripe, the test provider's own challenge dialog
 * otherwise. `authenticate` resolves once the customer has answered; render `dialog` once.
 */
export function usePaymentAuthentication(): {
  authenticate: (clientSecret: string) => Promise<AuthenticationResult>;
  dialog: ReactNode;
} {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const declined = intl.formatMessage(paymentMessages.declinedFallback);
  const unexpected = intl.formatMessage(paymentMessages.unexpected);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resolver = useRef<((result: AuthenticationResult) => void) | null>(null);

  const authenticate = useCallback(
    async (secret: string): Promise<AuthenticationResult> => {
      let site;
      try {
        site = await queryClient.fetchQuery(siteConfigQueryOptions());
      } catch (error) {
        return {
          ok: false,
          message: getErrorMessage(
            error,
            intl.formatMessage({ id: 'billing.authentication.settingsFailed', defaultMessage: 'Could not load the payment settings. Please try again.' }),
          ),
        };
      }
      if (site.provider === 'stripe' && site.publishableKey) {
        try {
          const stripe = await stripeFor(site.publishableKey);
          if (!stripe) {
            return {
              ok: false,
              message: intl.formatMessage({ id: 'billing.authentication.formFailed', defaultMessage: 'Could not load the payment form. Please try again.' }),
            };
          }
          const { error, paymentIntent } = await stripe.handleNextAction({ clientSecret: secret });
          if (error) return { ok: false, message: error.message || declined };
          return paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing'
            ? { ok: true }
            : { ok: false, message: paymentIntent?.last_payment_error?.message || declined };
        } catch (error) {
          return { ok: false, message: getErrorMessage(error, unexpected) };
        }
      }
      return new Promise<AuthenticationResult>((resolve) => {
        resolver.current = resolve;
        setClientSecret(secret);
      });
    },
    [queryClient, intl, declined, unexpected],
  );

  const answer = async (approve: boolean) => {
    if (!clientSecret || busy) return;
    setBusy(true);
    let result: AuthenticationResult;
    try {
      const outcome = await authenticateTestPayment({ clientSecret, approve });
      result = outcome.status === 'succeeded' ? { ok: true } : { ok: false, message: outcome.error?.message || declined };
    } catch (error) {
      result = { ok: false, message: getErrorMessage(error, unexpected) };
    }
    setBusy(false);
    setClientSecret(null);
    resolver.current?.(result);
    resolver.current = null;
  };

  const dialog = <AuthenticationDialog open={clientSecret !== null} busy={busy} onAnswer={(approve) => void answer(approve)} />;
  return { authenticate, dialog };
}
