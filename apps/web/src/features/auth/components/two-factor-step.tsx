import { SecondFactorCodeDto } from '@qrd/contracts';
import { ShieldCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { useLoginWithCode } from '../api/login';

/** What a code looks like (digits, the same in every language). */
const CODE_EXAMPLE = '123456';

interface TwoFactorStepProps {
  ticket: string;
  onSignedIn: () => void;
  /** Back to the password step (also when the ticket ran out). */
  onRestart: () => void;
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function TwoFactorStep({ ticket, onSignedIn, onRestart }: TwoFactorStepProps) {
  const intl = useIntl();
  const mutation = useLoginWithCode();
  const form = useDtoForm(
    SecondFactorCodeDto,
    { code: '' },
    {
      idPrefix: 'login-2fa-',
      onSubmit: async (values) => {
        try {
          await mutation.mutateAsync({ ticket, code: values.code.trim() });
        } catch (error) {
          const message = getErrorMessage(error, intl.formatMessage({ id: 'site.common.tryAgain', defaultMessage: 'Please try again.' }));
          if (isApiError(error, 410)) {
            toast({
              variant: 'destructive',
              title: intl.formatMessage({ id: 'site.twoFactor.expired', defaultMessage: 'Sign-in expired' }),
              description: message,
            });
            onRestart();
            return;
          }
          form.setErrorsFromResponse(error);
          // A wrong code is shown under the field; anything else (too many tries, an outage) as a toast.
          if (!isApiError(error, 401) && !isApiError(error, 400)) {
            toast({ variant: 'destructive', title: intl.formatMessage({ id: 'site.login.failed', defaultMessage: 'Login failed' }), description: message });
          }
          return;
        }
        onSignedIn();
      },
    },
  );
  const busy = form.isSubmitting;
  // A wrong code answers 401 with a message and no field: shown under the field all the same.
  const wrong = isApiError(mutation.error, 401) ? getErrorMessage(mutation.error, intl.formatMessage({ id: 'site.twoFactor.wrongCode', defaultMessage: 'That code did not work.' })) : undefined;
  const error = form.errors.code ?? wrong;

  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4" aria-labelledby="login-2fa-title">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="login-2fa-title" className="font-semibold">
            <FormattedMessage id="site.twoFactor.title" defaultMessage="Two-factor sign-in" />
          </h2>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="site.twoFactor.text"
              defaultMessage="Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead."
            />
          </p>
        </div>
      </div>
      <FormField id={form.fieldId('code')} label={intl.formatMessage({ id: 'site.twoFactor.code', defaultMessage: 'Authentication code' })} error={error}>
        <Input
          {...form.inputProps('code')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${form.fieldId('code')}-error` : undefined}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          placeholder={CODE_EXAMPLE}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner />}
        {busy ? (
          <FormattedMessage id="site.twoFactor.verifying" defaultMessage="Verifying..." />
        ) : (
          <FormattedMessage id="site.twoFactor.verify" defaultMessage="Verify" />
        )}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onRestart} disabled={busy}>
        <FormattedMessage id="site.twoFactor.back" defaultMessage="Back to sign in" />
      </Button>
    </form>
  );
}
