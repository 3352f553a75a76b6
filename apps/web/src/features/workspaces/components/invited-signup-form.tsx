import { RegisterDto } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { validateForm } from '../../../lib/form';
import { registerInvited } from '../api/workspaces';

/**
 * An account for the invited address, made from the invitation: a username and a password, no
 * payment (the workspace pays for its codes). `onJoined` runs once it is signed in and a member.
 */
export function InvitedSignupForm({ token, email, onJoined }: { token: string; email: string; onJoined: () => Promise<void> }) {
  const intl = useIntl();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { username: username.trim(), email, password, invitationToken: token };
    const problems = await validateForm(RegisterDto, input);
    setErrors(problems);
    setRefusal(null);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      await registerInvited(input);
      await onJoined();
    } catch (error) {
      setErrors(getFieldErrors(error));
      setRefusal(getErrorMessage(error, intl.formatMessage({ id: 'account.invitedSignup.failed', defaultMessage: 'Could not create your account. Please try again.' })));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField id="invited-email" label={intl.formatMessage({ id: 'account.profile.email', defaultMessage: 'Email' })}>
        <Input id="invited-email" value={email} readOnly aria-readonly="true" />
      </FormField>
      <FormField id="invited-username" label={intl.formatMessage({ id: 'account.profile.username', defaultMessage: 'Username' })} error={errors.username}>
        <Input
          id="invited-username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'invited-username-error' : undefined}
        />
      </FormField>
      <FormField
        id="invited-password"
        label={intl.formatMessage({ id: 'account.invitedSignup.password', defaultMessage: 'Password' })}
        error={errors.password}
        hint={intl.formatMessage({ id: 'account.changePassword.hint', defaultMessage: 'At least 8 characters.' })}
      >
        <PasswordInput
          id="invited-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'invited-password-error' : 'invited-password-hint'}
        />
      </FormField>
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending && <Spinner />} <FormattedMessage id="account.invitedSignup.submit" defaultMessage="Create my account and join" />
      </Button>
    </form>
  );
}
