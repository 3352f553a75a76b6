import { MailCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import type { User } from '../../../lib/user';
import { useCancelEmailChange } from '../api/update-profile';

/** "Check your inbox": the new address waits for its link; the old one is still the one that counts. */
export function PendingEmailNotice({ user, pendingEmail }: { user: User; pendingEmail: string }) {
  const intl = useIntl();
  const cancel = useCancelEmailChange();

  async function onCancel() {
    try {
      await cancel.mutateAsync();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.pendingEmail.cancelFailed', defaultMessage: 'Failed to cancel the change' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
      });
      return;
    }
    toast({
      title: intl.formatMessage({ id: 'account.pendingEmail.cancelled', defaultMessage: 'Email change cancelled' }),
      description: intl.formatMessage({ id: 'account.pendingEmail.cancelledDescription', defaultMessage: 'Your email stays {email}.' }, { email: user.email }),
    });
  }

  return (
    <div role="status" className="flex flex-col gap-3 rounded-md border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-start">
      <MailCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid flex-1 gap-1 text-sm">
        <p className="font-medium">
          <FormattedMessage id="account.pendingEmail.title" defaultMessage="Check your inbox to confirm your new email" />
        </p>
        <p className="break-words text-muted-foreground">
          <FormattedMessage
            id="account.pendingEmail.body"
            defaultMessage="We sent a link to <strong>{pendingEmail}</strong>. Until you open it, <strong>{email}</strong> stays your sign-in and password-reset address."
            values={{ pendingEmail, email: user.email, strong: (chunks) => <strong className="text-foreground">{chunks}</strong> }}
          />
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onCancel} disabled={cancel.isPending} className="self-start">
        {cancel.isPending && <Spinner />}
        <FormattedMessage id="account.pendingEmail.cancelChange" defaultMessage="Cancel change" />
      </Button>
    </div>
  );
}
