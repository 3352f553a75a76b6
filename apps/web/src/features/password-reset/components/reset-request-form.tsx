import { PasswordResetRequestDto } from '@qrd/contracts';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { useDtoForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';

export function ResetRequestForm() {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useRequestPasswordReset();
  const form = useDtoForm(
    PasswordResetRequestDto,
    { email: '' },
    {
      idPrefix: 'reset-request-',
      onSubmit: async (values) => {
        const email = values.email.trim();
        try {
          await mutation.mutateAsync({ email });
        } catch (error) {
          form.setErrorsFromResponse(error);
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'site.resetRequest.failed', defaultMessage: 'Failed to send reset link' }),
            description: intl.formatMessage({ id: 'site.common.tryAgainLater', defaultMessage: 'Please try again later.' }),
          });
          return;
        }
        toast({
          title: intl.formatMessage({ id: 'site.resetRequest.sent', defaultMessage: 'Reset link sent' }),
          // The server's RESET_REQUEST_ACCEPTED (@qrd/contracts), in the reader's language.
          description: intl.formatMessage({
            id: 'site.resetRequest.sentText',
            defaultMessage: "If an account exists with that email, we've sent a password reset link.",
          }),
        });
        setSentTo(email);
      },
    },
  );

  const backToLogin = (
    <Button asChild variant="ghost" className="w-full">
      <Link to={paths.auth}>
        <FormattedMessage id="site.resetRequest.backToLogin" defaultMessage="Back to login" />
      </Link>
    </Button>
  );

  if (sentTo) {
    return (
      <AuthCard
        icon={<MailCheck aria-hidden="true" />}
        title={intl.formatMessage({ id: 'site.resetRequest.checkEmail', defaultMessage: 'Check your email' })}
        description={
          <FormattedMessage
            id="site.resetRequest.sentTo"
            defaultMessage="We sent a password reset link to <strong>{email}</strong>."
            values={{ email: sentTo, strong: (chunks: ReactNode[]) => <strong className="break-words text-foreground">{chunks}</strong> }}
          />
        }
      >
        <p className="text-center text-sm text-muted-foreground">
          <FormattedMessage
            id="site.resetRequest.spam"
            defaultMessage="The link works for one hour. If you don't see the email, check your spam folder."
          />
        </p>
        <Button
          variant="outline"
          className="w-full"
          onClick={() => {
            form.reset({ email: '' });
            setSentTo(null);
          }}
        >
          <FormattedMessage id="site.resetRequest.tryDifferent" defaultMessage="Try a different email" />
        </Button>
        {backToLogin}
      </AuthCard>
    );
  }

  const busy = form.isSubmitting;
  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" />}
      title={intl.formatMessage({ id: 'site.resetRequest.pageTitle', defaultMessage: 'Reset your password' })}
      description={intl.formatMessage({
        id: 'site.resetRequest.text',
        defaultMessage: "Enter the email address of your account and we'll send you a link to choose a new password.",
      })}
    >
      <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
        <FormField id={form.fieldId('email')} label={intl.formatMessage({ id: 'site.common.email', defaultMessage: 'Email' })} error={form.errors.email}>
          <Input {...form.inputProps('email')} type="email" autoComplete="email" spellCheck={false} autoFocus />
        </FormField>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy && <Spinner />}
          {busy ? (
            <FormattedMessage id="site.resetRequest.sending" defaultMessage="Sending reset link..." />
          ) : (
            <FormattedMessage id="site.resetRequest.submit" defaultMessage="Send reset link" />
          )}
        </Button>
      </form>
      {backToLogin}
    </AuthCard>
  );
}
