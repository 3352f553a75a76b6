import { UpdateProfileDto } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import type { User } from '../../../lib/user';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileFormProps {
  user: User;
  onDone: () => void;
}

export function ProfileForm({ user, onDone }: ProfileFormProps) {
  const intl = useIntl();
  const mutation = useUpdateProfile();
  const form = useDtoForm(
    UpdateProfileDto,
    {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email,
      username: user.username,
      currentPassword: '',
    },
    {
      idPrefix: 'profile-',
      onSubmit: async (values) => {
        const email = values.email.trim();
        const emailChanged = email.toLowerCase() !== user.email.toLowerCase();
        let saved: User;
        try {
          saved = await mutation.mutateAsync({
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email,
            username: values.username.trim(),
            ...(identityChanged(user, values) ? { currentPassword: values.currentPassword } : {}),
          });
        } catch (error) {
          form.setErrorsFromResponse(error);
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'account.profileForm.failed', defaultMessage: 'Failed to update profile' }),
            description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
          });
          return;
        }
        if (emailChanged && saved.pendingEmail) {
          toast({
            title: intl.formatMessage({ id: 'account.profileForm.checkInbox', defaultMessage: 'Check your inbox' }),
            description: intl.formatMessage(
              {
                id: 'account.profileForm.checkInboxDescription',
                defaultMessage: 'We sent a confirmation link to {pendingEmail}. Your email stays {email} until you open it.',
              },
              { pendingEmail: saved.pendingEmail, email: saved.email },
            ),
          });
        } else {
          toast({
            title: intl.formatMessage({ id: 'account.profileForm.updated', defaultMessage: 'Profile updated' }),
            description: intl.formatMessage({
              id: 'account.profileForm.updatedDescription',
              defaultMessage: 'Your profile information has been updated successfully.',
            }),
          });
        }
        onDone();
      },
    },
  );
  const busy = form.isSubmitting;
  const needsPassword = identityChanged(user, form.values);

  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={form.fieldId('firstName')} label={intl.formatMessage({ id: 'account.profile.firstName', defaultMessage: 'First name' })} error={form.errors.firstName}>
          <Input {...form.inputProps('firstName')} autoComplete="given-name" />
        </FormField>
        <FormField id={form.fieldId('lastName')} label={intl.formatMessage({ id: 'account.profile.lastName', defaultMessage: 'Last name' })} error={form.errors.lastName}>
          <Input {...form.inputProps('lastName')} autoComplete="family-name" />
        </FormField>
      </div>
      <FormField id={form.fieldId('username')} label={intl.formatMessage({ id: 'account.profile.username', defaultMessage: 'Username' })} error={form.errors.username}>
        <Input {...form.inputProps('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField id={form.fieldId('email')} label={intl.formatMessage({ id: 'account.profile.email', defaultMessage: 'Email' })} error={form.errors.email}>
        <Input {...form.inputProps('email')} type="email" autoComplete="email" spellCheck={false} />
      </FormField>
      {needsPassword && (
        <FormField
          id={form.fieldId('currentPassword')}
          label={intl.formatMessage({ id: 'account.common.currentPassword', defaultMessage: 'Current password' })}
          error={form.errors.currentPassword}
          hint={intl.formatMessage({
            id: 'account.profileForm.passwordHint',
            defaultMessage: 'Needed to change your username or email. A new email is used once you confirm it from your inbox.',
          })}
        >
          <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" />
        </FormField>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          <FormattedMessage id="account.common.cancel" defaultMessage="Cancel" />
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          <FormattedMessage id="account.profileForm.save" defaultMessage="Save Changes" />
        </Button>
      </div>
    </form>
  );
}

/** A new username or email needs the current password (the server checks it). */
function identityChanged(user: User, values: { username: string; email: string }): boolean {
  return values.username.trim() !== user.username || values.email.trim().toLowerCase() !== user.email.toLowerCase();
}
