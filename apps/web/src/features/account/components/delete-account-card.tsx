import { CurrentPasswordDto } from '@qrd/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useLeaveSession } from '../../../lib/auth';
import { useDtoForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useDeleteAccount } from '../api/delete-account';

const EMPTY = { currentPassword: '' };

/** What deleting an account does, said before it is done (the privacy page promises the same). */
const consequences = defineMessages({
  subscription: { id: 'account.deleteAccount.consequenceSubscription', defaultMessage: 'Your subscription is cancelled at once and will not renew.' },
  codes: {
    id: 'account.deleteAccount.consequenceCodes',
    defaultMessage: 'Every QR code of yours stops working: scanners see a page saying the code no longer exists.',
  },
  data: {
    id: 'account.deleteAccount.consequenceData',
    defaultMessage: 'Your profile, codes, designs, API keys and scan analytics are erased. This cannot be undone.',
  },
  billing: {
    id: 'account.deleteAccount.consequenceBilling',
    defaultMessage: 'Billing records are kept only as long as tax law requires, without your name or address.',
  },
});
const CONSEQUENCES = [consequences.subscription, consequences.codes, consequences.data, consequences.billing];

export function DeleteAccountCard() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const mutation = useDeleteAccount();
  const leaveSession = useLeaveSession();
  const form = useDtoForm(CurrentPasswordDto, EMPTY, {
    idPrefix: 'delete-account-',
    onSubmit: async (values) => {
      try {
        await mutation.mutateAsync(values);
      } catch (error) {
        form.setErrorsFromResponse(error);
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'account.deleteAccount.failed', defaultMessage: 'Your account was not deleted' }),
          description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
        });
        return;
      }
      await leaveSession(paths.home);
      toast({
        title: intl.formatMessage({ id: 'account.deleteAccount.deleted', defaultMessage: 'Account deleted' }),
        description: intl.formatMessage({
          id: 'account.deleteAccount.deletedDescription',
          defaultMessage: 'Your account and its data have been deleted. A confirmation is on its way to your email.',
        }),
      });
    },
  });
  const busy = form.isSubmitting;
  const close = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="account.deleteAccount.title" defaultMessage="Delete account" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="account.deleteAccount.description" defaultMessage="Delete your account, your QR codes and everything they collected." />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          <FormattedMessage id="account.deleteAccount.open" defaultMessage="Delete my account" />
        </Button>
        <Dialog open={open} onOpenChange={close}>
          <DialogContent>
            <form noValidate onSubmit={form.handleSubmit} className="grid gap-4">
              <DialogHeader>
                <DialogTitle>
                  <FormattedMessage id="account.deleteAccount.dialogTitle" defaultMessage="Delete your account?" />
                </DialogTitle>
                <DialogDescription>
                  <FormattedMessage id="account.deleteAccount.dialogDescription" defaultMessage="Deleting your account is immediate and permanent:" />
                </DialogDescription>
              </DialogHeader>
              <ul className="list-disc space-y-1 ps-5 text-sm text-muted-foreground">
                {CONSEQUENCES.map((line) => (
                  <li key={line.id}>{intl.formatMessage(line)}</li>
                ))}
              </ul>
              <FormField id={form.fieldId('currentPassword')} label={intl.formatMessage({ id: 'account.deleteAccount.password', defaultMessage: 'Your password' })} error={form.errors.currentPassword}>
                <PasswordInput {...form.inputProps('currentPassword')} autoComplete="current-password" />
              </FormField>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
                  <FormattedMessage id="account.common.cancel" defaultMessage="Cancel" />
                </Button>
                <Button type="submit" variant="destructive" disabled={busy}>
                  {busy && <Spinner />}
                  <FormattedMessage id="account.deleteAccount.confirm" defaultMessage="Delete my account for good" />
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
