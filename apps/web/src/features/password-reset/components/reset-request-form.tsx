import { PasswordResetRequestDto } from '@qrd/contracts';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
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
          toast({ variant: 'destructive', title: 'Failed to send reset link', description: 'Please try again later.' });
          return;
        }
        toast({
          title: 'Reset link sent',
          description: "If an account exists with that email, we've sent a password reset link.",
        });
        setSentTo(email);
      },
    },
  );

  const backToLogin = (
    <Button asChild variant="ghost" className="w-full">
      <Link to={paths.auth}>Back to login</Link>
    </Button>
  );

  if (sentTo) {
    return (
      <AuthCard
        icon={<MailCheck aria-hidden="true" />}
        title="Check your email"
        description={
          <>
            We sent a password reset link to <strong className="break-words text-foreground">{sentTo}</strong>.
          </>
        }
      >
        <p className="text-center text-sm text-muted-foreground">
          The link works for one hour. If you don't see the email, check your spam folder.
        </p>
        <Button
          variant="outline"
          className="w-full"
          onClick={() => {
            form.reset({ email: '' });
            setSentTo(null);
          }}
        >
          Try a different email
        </Button>
        {backToLogin}
      </AuthCard>
    );
  }

  const busy = form.isSubmitting;
  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" />}
      title="Reset your password"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
    >
      <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
        <FormField id={form.fieldId('email')} label="Email" error={form.errors.email}>
          <Input {...form.inputProps('email')} type="email" autoComplete="email" spellCheck={false} autoFocus />
        </FormField>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy && <Spinner />}
          {busy ? 'Sending reset link...' : 'Send reset link'}
        </Button>
      </form>
      {backToLogin}
    </AuthCard>
  );
}
