import { AlertCircle, ArrowLeft, RotateCcw } from 'lucide-react';
import type { BillingInterval, PaymentSetupView } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatAmount, perPeriod } from '../lib/format';
import type { PaymentResult } from '../lib/payment-result';
import { PaymentForm } from './payment-form';

/** A notice's texts, already in the shown language. */
export type SignupNotice = { title: string; message: string; tone: 'error' | 'info' };

interface SignupPaymentStepProps {
  email: string;
  interval: BillingInterval;
  setup: PaymentSetupView | null;
  setupFailed: boolean;
  retrying: boolean;
  notice: SignupNotice | null;
  onBack: () => void;
  onRetry: () => void;
  onResult: (result: PaymentResult) => Promise<void>;
}

/** Signup step 2 of 2 (spec /auth): the card form for the subscription, shown once the email is known. */
export function SignupPaymentStep(props: SignupPaymentStepProps) {
  const { email, interval, setup, setupFailed, retrying, notice, onBack, onRetry, onResult } = props;
  const intl = useIntl();
  const dueToday = setup ? formatAmount(intl, setup.amountCents, setup.currency) : null;
  return (
    <section aria-labelledby="signup-payment-title" className="grid gap-5">
      <div className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">
          <FormattedMessage id="billing.signupPayment.step" defaultMessage="Step {step, number} of {steps, number}" values={{ step: 2, steps: 2 }} />
        </p>
        <h2 id="signup-payment-title" className="text-xl font-semibold tracking-tight">
          <FormattedMessage id="billing.signupPayment.title" defaultMessage="Complete Your Purchase" />
        </h2>
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="billing.signupPayment.text" defaultMessage="Your subscription begins immediately after payment." />
        </p>
      </div>

      <dl className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            <FormattedMessage id="billing.signupPayment.plan" defaultMessage="Plan" />
          </dt>
          <dd className="font-medium">
            <FormattedMessage
              id="billing.signupPayment.planValue"
              defaultMessage="{interval, select, annual {Annual, 1 QR code} other {Monthly, 1 QR code}}"
              values={{ interval }}
            />
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            <FormattedMessage id="billing.signupPayment.account" defaultMessage="Account" />
          </dt>
          <dd className="font-medium break-all">{email}</dd>
        </div>
        {setup && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">
              <FormattedMessage id="billing.signupPayment.dueToday" defaultMessage="Due today" />
            </dt>
            <dd className="font-semibold">
              <FormattedMessage
                id="billing.signupPayment.amountPerPeriod"
                defaultMessage="{amount} {period}"
                values={{ amount: dueToday, period: perPeriod(intl, setup.interval) }}
              />
            </dd>
          </div>
        )}
      </dl>

      {notice && (
        <div
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={
            notice.tone === 'error'
              ? 'rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm'
              : 'rounded-md border bg-muted p-3 text-sm'
          }
        >
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.message}</p>
        </div>
      )}

      {setupFailed ? (
        <div role="alert" className="grid gap-3 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm">
          <p className="flex items-center gap-2 font-semibold">
            <AlertCircle className="size-4" aria-hidden="true" />
            <FormattedMessage id="billing.signupPayment.setupFailed" defaultMessage="Payment setup failed" />
          </p>
          <p>
            <FormattedMessage id="billing.signupPayment.setupFailedText" defaultMessage="Could not set up payment. Please try again or contact support." />
          </p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry} disabled={retrying}>
            {retrying ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            <FormattedMessage id="billing.signupPayment.tryAgain" defaultMessage="Try again" />
          </Button>
        </div>
      ) : setup?.clientSecret ? (
        <PaymentForm
          clientSecret={setup.clientSecret}
          submitLabel={intl.formatMessage({ id: 'billing.signupPayment.pay', defaultMessage: 'Pay {amount}' }, { amount: dueToday })}
          returnPath="/auth?tab=signup"
          idPrefix="signup-pay-"
          onResult={onResult}
        />
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> <FormattedMessage id="billing.signupPayment.settingUp" defaultMessage="Setting up your payment..." />
        </p>
      )}

      <Button variant="ghost" className="justify-self-start" onClick={onBack}>
        <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        <FormattedMessage id="billing.signupPayment.back" defaultMessage="Back" />
      </Button>
    </section>
  );
}
