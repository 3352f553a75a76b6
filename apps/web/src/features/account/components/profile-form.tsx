import { UpdateProfileDto } from '@qrd/contracts';
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
            title: 'Failed to update profile',
            description: getErrorMessage(error, 'Please try again later.'),
          });
          return;
        }
        if (emailChanged && saved.pendingEmail) {
          toast({
            title: 'Check your inbox',
            description: `We sent a confirmation link to ${saved.pendingEmail}. Your email stays ${saved.email} until you open it.`,
          });
        } else {
          toast({ title: 'Profile updated', description: 'Your profile information has been updated successfully.' });
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
        <FormField id={form.fieldId('firstName')} label="First name" error={form.errors.firstName}>
          <Input {...form.inputProps('firstName')} autoComplete="given-name" />
        </FormField>
        <FormField id={form.fieldId('lastName')} label="Last name" error={form.errors.lastName}>
          <Input {...form.inputProps('lastName')} autoComplete="family-name" />
        </FormField>
      </div>
      <FormField id={form.fieldId('username')} label="Username" error={form.errors.username}>
        <Input {...form.inputProps('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField id={form.fieldId('email')} label="Email" error={form.errors.email}>
        <Input {...form.inputProps('email')} type="email" autoComplete="email" spellCheck={false} />
      </FormField>
      {needsPassword && (
        <FormField
          id={form.fieldId('currentPassword')}
          label="Current password"
          error={form.errors.currentPassword}
          hint="Needed to change your username or email. A new email is used once you confirm it from your inbox."
        >
          <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" />
        </FormField>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/** A new username or email needs the current password (the server checks it). */
function identityChanged(user: User, values: { username: string; email: string }): boolean {
  return values.username.trim() !== user.username || values.email.trim().toLowerCase() !== user.email.toLowerCase();
}
