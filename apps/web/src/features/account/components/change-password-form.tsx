import { ChangePasswordDto } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
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
          title: intl.formatMessage({ id: 'account.changePassword.failed', defaultMessage: 'Failed to change password' }),
          description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
        });
        return;
      }
      form.reset(EMPTY);
      toast({
        title: intl.formatMessage({ id: 'account.changePassword.changed', defaultMessage: 'Password changed' }),
        description: intl.formatMessage({ id: 'account.changePassword.changedDescription', defaultMessage: 'Your password has been updated successfully.' }),
      });
    },
  });
  const busy = form.isSubmitting;

  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
      <FormField id={form.fieldId('currentPassword')} label={intl.formatMessage({ id: 'account.common.currentPassword', defaultMessage: 'Current password' })} error={form.errors.currentPassword}>
        <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" />
      </FormField>
      <FormField
        id={form.fieldId('newPassword')}
        label={intl.formatMessage({ id: 'account.changePassword.newPassword', defaultMessage: 'New password' })}
        error={form.errors.newPassword}
        hint={intl.formatMessage({ id: 'account.changePassword.hint', defaultMessage: 'At least 8 characters.' })}
      >
        <PasswordInput {...form.inputProps('newPassword')} autoComplete="new-password" />
      </FormField>
      <FormField id={form.fieldId('confirmNewPassword')} label={intl.formatMessage({ id: 'account.changePassword.confirm', defaultMessage: 'Confirm new password' })} error={form.errors.confirmNewPassword}>
        <PasswordInput {...form.inputProps('confirmNewPassword')} autoComplete="new-password" />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          <FormattedMessage id="account.changePassword.submit" defaultMessage="Change Password" />
        </Button>
      </div>
    </form>
  );
}
