import { AlertCircle, ArrowLeft, RotateCcw } from 'lucide-react';
import type { BillingInterval, PaymentSetupView } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatCents, perPeriod } from '../lib/format';
import type { PaymentResult } from '../lib/payment-result';
import { PaymentForm } from './payment-form';

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
  return (
    <section aria-labelledby="signup-payment-title" className="grid gap-5">
      <div className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">Step 2 of 2</p>
        <h2 id="signup-payment-title" className="text-xl font-semibold tracking-tight">
          Complete Your Purchase
        </h2>
        <p className="text-sm text-muted-foreground">Your subscription begins immediately after payment.</p>
      </div>

      <dl className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-medium">{interval === 'annual' ? 'Annual' : 'Monthly'}, 1 QR code</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Account</dt>
          <dd className="font-medium break-all">{email}</dd>
        </div>
        {setup && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Due today</dt>
            <dd className="font-semibold">
              {formatCents(setup.amountCents)} {perPeriod(setup.interval)}
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
            <AlertCircle className="size-4" aria-hidden="true" /> Payment setup failed
          </p>
          <p>Could not set up payment. Please try again or contact support.</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry} disabled={retrying}>
            {retrying ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      ) : setup?.clientSecret ? (
        <PaymentForm
          clientSecret={setup.clientSecret}
          submitLabel={`Pay ${formatCents(setup.amountCents)}`}
          returnPath="/auth?tab=signup"
          idPrefix="signup-pay-"
          onResult={onResult}
        />
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Setting up your payment...
        </p>
      )}

      <Button variant="ghost" className="justify-self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" /> Back
      </Button>
    </section>
  );
}
