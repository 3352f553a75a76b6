import { UpdateProfileDto } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
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
    },
    {
      idPrefix: 'profile-',
      onSubmit: async (values) => {
        try {
          await mutation.mutateAsync({
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            username: values.username.trim(),
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
        toast({ title: 'Profile updated', description: 'Your profile information has been updated successfully.' });
        onDone();
      },
    },
  );
  const busy = form.isSubmitting;

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
