import { PasswordResetDto } from '@qrd/contracts';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useConfirmPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { InvalidResetLink } from './invalid-reset-link';
import { PasswordRequirements } from './password-requirements';

type Outcome = 'editing' | 'done' | 'invalid';

export function ResetPasswordForm({ token }: { token: string }) {
  const intl = useIntl();
  const [outcome, setOutcome] = useState<Outcome>('editing');
  const mutation = useConfirmPasswordReset();
  const form = useDtoForm(
    PasswordResetDto,
    { password: '', confirmPassword: '' },
    {
      idPrefix: 'reset-',
      extra: () => ({ token }),
      onSubmit: async (values) => {
        try {
          await mutation.mutateAsync({ token, ...values });
        } catch (error) {
          // The link was used, expired or never existed: nothing to retry on this page.
          if (isApiError(error, 404) || isApiError(error, 410)) {
            setOutcome('invalid');
            return;
          }
          form.setErrorsFromResponse(error);
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'site.resetPassword.failed', defaultMessage: 'Failed to reset password' }),
            description: getErrorMessage(error, intl.formatMessage({ id: 'site.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
          });
          return;
        }
        toast({
          title: intl.formatMessage({ id: 'site.resetPassword.success', defaultMessage: 'Password reset successful' }),
          description: intl.formatMessage({ id: 'site.resetPassword.successText', defaultMessage: 'Your password has been updated.' }),
        });
        setOutcome('done');
      },
    },
  );

  // The token is not an input; a malformed one fails PasswordResetDto with 'Reset link invalid'.
  if (outcome === 'invalid' || form.errors.token) return <InvalidResetLink />;

  if (outcome === 'done') {
    return (
      <AuthCard
        icon={<CircleCheck aria-hidden="true" />}
        title={intl.formatMessage({ id: 'site.resetPassword.doneTitle', defaultMessage: 'Password reset complete' })}
        description={intl.formatMessage({
          id: 'site.resetPassword.doneText',
          defaultMessage: 'Your password has been updated. You can now log in with your new password.',
        })}
      >
        <Button asChild className="w-full">
          <Link to={paths.login}>
            <FormattedMessage id="site.resetPassword.goToLogin" defaultMessage="Go to login" />
          </Link>
        </Button>
      </AuthCard>
    );
  }

  const busy = form.isSubmitting;
  return (
    <AuthCard
      icon={<LockKeyhole aria-hidden="true" />}
      title={intl.formatMessage({ id: 'site.resetPassword.pageTitle', defaultMessage: 'Set a new password' })}
      description={intl.formatMessage({ id: 'site.resetPassword.text', defaultMessage: 'Choose a new password for your account.' })}
    >
      <PasswordRequirements password={form.values.password} />
      <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
        <FormField id={form.fieldId('password')} label={intl.formatMessage({ id: 'site.resetPassword.newPassword', defaultMessage: 'New Password' })} error={form.errors.password}>
          <PasswordInput {...form.inputProps('password')} autoComplete="new-password" autoFocus />
        </FormField>
        <FormField id={form.fieldId('confirmPassword')} label={intl.formatMessage({ id: 'site.resetPassword.confirmPassword', defaultMessage: 'Confirm New Password' })} error={form.errors.confirmPassword}>
          <PasswordInput {...form.inputProps('confirmPassword')} autoComplete="new-password" />
        </FormField>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy && <Spinner />}
          {busy ? (
            <FormattedMessage id="site.resetPassword.resetting" defaultMessage="Resetting password..." />
          ) : (
            <FormattedMessage id="site.resetPassword.submit" defaultMessage="Reset password" />
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
