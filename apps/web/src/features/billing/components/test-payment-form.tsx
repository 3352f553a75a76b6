import { useState, type FormEvent } from 'react';
import type { PaymentOutcomeView } from '@qrd/contracts';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import type { TestCardInput } from '../api/subscription';
import { useAuthenticateTestPayment, useConfirmTestPayment } from '../api/test-payments';
import { paymentMessages, resultOfIntent, type PaymentResult } from '../lib/payment-result';
import { AuthenticationDialog } from './authentication-dialog';
import { TestCardFields } from './test-card-fields';

export interface PaymentFormProps {
  clientSecret: string;
  /** The submit button's text, in the shown language. */
  submitLabel: string;
  /** Where the browser comes back after a payment method that leaves the page (Stripe only). */
  returnPath: string;
  idPrefix?: string;
  onResult: (result: PaymentResult) => Promise<void> | void;
}

const EMPTY: TestCardInput = { cardNumber: '', expiry: '', cvc: '' };

/** The test provider's card form: confirms the payment, and plays the bank's 3-D Secure step when asked. */
export function TestPaymentForm({ clientSecret, submitLabel, idPrefix = 'pay-', onResult }: PaymentFormProps) {
  const intl = useIntl();
  const [card, setCard] = useState<TestCardInput>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState(false);
  const confirm = useConfirmTestPayment();
  const authenticate = useAuthenticateTestPayment();

  /** Sends one request; the result is handed on unless the bank first wants the customer. */
  async function run(request: () => Promise<PaymentOutcomeView>) {
    setBusy(true);
    try {
      let result: PaymentResult;
      try {
        const outcome = await request();
        if (outcome.status === 'requires_action') {
          setChallenge(true);
          return;
        }
        result = resultOfIntent(outcome.status, outcome.error?.message, intl.formatMessage(paymentMessages.declinedFallback));
      } catch (error) {
        result = { kind: 'error', message: getErrorMessage(error, intl.formatMessage(paymentMessages.unexpected)) };
      }
      setChallenge(false);
      await onResult(result);
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !challenge) void run(() => confirm.mutateAsync({ clientSecret, ...card }));
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4"
      aria-label={intl.formatMessage({ id: 'billing.paymentForm.label', defaultMessage: 'Card payment' })}
    >
      <TestCardFields idPrefix={idPrefix} value={card} onChange={setCard} disabled={busy || challenge} />
      <Button type="submit" className="w-full" disabled={busy || challenge}>
        {(busy || challenge) && <Spinner />}
        {busy || challenge ? intl.formatMessage(paymentMessages.processing) : submitLabel}
      </Button>
      <AuthenticationDialog
        open={challenge}
        busy={busy}
        onAnswer={(approve) => void run(() => authenticate.mutateAsync({ clientSecret, approve }))}
      />
    </form>
  );
}
