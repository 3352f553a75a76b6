import type { SubscriptionView } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCancelSubscription, useResumeSubscription } from '../api/subscription';
import { formatDate } from '../lib/format';

interface ManageSubscriptionDialogProps {
  subscription: SubscriptionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Cancel any time" = at the end of the paid period; resuming before then keeps everything as it was. */
export function ManageSubscriptionDialog({ subscription, open, onOpenChange }: ManageSubscriptionDialogProps) {
  const intl = useIntl();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const busy = cancel.isPending || resume.isPending;
  const endDate = formatDate(intl, subscription.currentPeriodEnd);

  const run = async (action: 'cancel' | 'resume') => {
    try {
      if (action === 'cancel') {
        await cancel.mutateAsync();
        toast({
          title: intl.formatMessage({ id: 'billing.manage.cancelled', defaultMessage: 'Subscription cancelled' }),
          description: intl.formatMessage(
            { id: 'billing.manage.cancelledText', defaultMessage: 'Your QR codes keep working until {date}.' },
            { date: endDate },
          ),
        });
      } else {
        await resume.mutateAsync();
        toast({
          title: intl.formatMessage({ id: 'billing.manage.resumed', defaultMessage: 'Subscription resumed' }),
          description: intl.formatMessage({ id: 'billing.manage.resumedText', defaultMessage: 'Your subscription will renew as before.' }),
        });
      }
      onOpenChange(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'billing.manage.error', defaultMessage: 'Error' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'billing.manage.tryLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="billing.manage.title" defaultMessage="Manage Subscription" />
          </DialogTitle>
          <DialogDescription>
            {subscription.cancelAtPeriodEnd ? (
              <FormattedMessage
                id="billing.manage.endsText"
                defaultMessage="Your subscription ends on {date}. Resume it to keep your QR codes working after that date."
                values={{ date: endDate }}
              />
            ) : (
              <FormattedMessage
                id="billing.manage.cancelText"
                defaultMessage="If you cancel, your QR codes keep working until {date}. After that they stop redirecting until you subscribe again, and nothing more is charged."
                values={{ date: endDate }}
              />
            )}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            <FormattedMessage id="billing.manage.close" defaultMessage="Close" />
          </Button>
          {subscription.cancelAtPeriodEnd ? (
            <Button onClick={() => void run('resume')} disabled={busy}>
              {busy && <Spinner />}
              <FormattedMessage id="billing.manage.resume" defaultMessage="Resume subscription" />
            </Button>
          ) : (
            <Button variant="destructive" onClick={() => void run('cancel')} disabled={busy}>
              {busy && <Spinner />}
              <FormattedMessage id="billing.manage.cancel" defaultMessage="Cancel subscription" />
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
