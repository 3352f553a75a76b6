import { LoginDto } from '@qrd/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { nextAfterSignIn, paths } from '../../../lib/paths';
import { isTwoFactorChallenge, useLogin } from '../api/login';
import { TwoFactorStep } from './two-factor-step';

export function LoginForm() {
  const intl = useIntl();
  const loginMutation = useLogin();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [ticket, setTicket] = useState<string | null>(null);
  // A refused sign-in is said at the form too, not only in a toast that goes away.
  const [refusal, setRefusal] = useState<string | null>(null);
  const signedIn = () => {
    toast({
      title: intl.formatMessage({ id: 'site.login.success', defaultMessage: 'Login successful' }),
      description: intl.formatMessage({ id: 'site.login.welcomeBack', defaultMessage: 'Welcome back!' }),
    });
    void navigate(nextAfterSignIn(search), { replace: true });
  };
  const form = useDtoForm(
    LoginDto,
    { username: '', password: '' },
    {
      idPrefix: 'login-',
      onSubmit: async (values) => {
        let answer;
        setRefusal(null);
        try {
          answer = await loginMutation.mutateAsync(values);
        } catch (error) {
          form.setErrorsFromResponse(error);
          const message = getErrorMessage(
            error,
            intl.formatMessage({ id: 'site.login.invalid', defaultMessage: 'Invalid username or password. Please try again.' }),
          );
          setRefusal(message);
          toast({ variant: 'destructive', title: intl.formatMessage({ id: 'site.login.failed', defaultMessage: 'Login failed' }), description: message });
          return;
        }
        if (isTwoFactorChallenge(answer)) {
          setTicket(answer.ticket);
          return;
        }
        signedIn();
      },
    },
  );
  const busy = form.isSubmitting;

  if (ticket) {
    return (
      <TwoFactorStep
        ticket={ticket}
        onSignedIn={signedIn}
        onRestart={() => {
          setTicket(null);
          form.reset({ username: form.values.username, password: '' });
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <FormField id={form.fieldId('username')} label={intl.formatMessage({ id: 'site.common.username', defaultMessage: 'Username' })} error={form.errors.username}>
        <Input {...form.inputProps('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField
        id={form.fieldId('password')}
        label={intl.formatMessage({ id: 'site.common.password', defaultMessage: 'Password' })}
        error={form.errors.password}
        aside={
          <Link
            to={paths.resetPasswordRequest}
            className="rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <FormattedMessage id="site.login.forgot" defaultMessage="Forgot your password?" />
          </Link>
        }
      >
        <PasswordInput {...form.inputProps('password')} autoComplete="current-password" />
      </FormField>
      {refusal && (
        <p role="alert" id="login-refusal" className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner />}
        {busy ? (
          <FormattedMessage id="site.login.signingIn" defaultMessage="Signing in..." />
        ) : (
          <FormattedMessage id="site.login.signIn" defaultMessage="Sign In" />
        )}
      </Button>
    </form>
  );
}
