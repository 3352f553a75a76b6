import { ChangePasswordDto } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

export function ChangePasswordForm() {
  const mutation = useChangePassword();
  const form = useDtoForm(ChangePasswordDto, EMPTY, {
    idPrefix: 'security-',
    onSubmit: async (values) => {
      try {
        await mutation.mutateAsync(values);
      } catch (error) {
        form.setErrorsFromResponse(error);
        toast({
          variant: 'destructive',
          title: 'Failed to change password',
          description: getErrorMessage(error, 'Please try again later.'),
        });
        return;
      }
      form.reset(EMPTY);
      toast({ title: 'Password changed', description: 'Your password has been updated successfully.' });
    },
  });
  const busy = form.isSubmitting;

  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <FormField id={form.fieldId('currentPassword')} label="Current password" error={form.errors.currentPassword}>
        <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" />
      </FormField>
      <FormField
        id={form.fieldId('newPassword')}
        label="New password"
        error={form.errors.newPassword}
        hint="At least 8 characters."
      >
        <PasswordInput {...form.inputProps('newPassword')} autoComplete="new-password" />
      </FormField>
      <FormField id={form.fieldId('confirmNewPassword')} label="Confirm new password" error={form.errors.confirmNewPassword}>
        <PasswordInput {...form.inputProps('confirmNewPassword')} autoComplete="new-password" />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          Change Password
        </Button>
      </div>
    </form>
  );
}
