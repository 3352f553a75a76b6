import type { SubscriptionView } from '@qrd/contracts';
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
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const busy = cancel.isPending || resume.isPending;
  const endDate = formatDate(subscription.currentPeriodEnd);

  const run = async (action: 'cancel' | 'resume') => {
    try {
      if (action === 'cancel') {
        await cancel.mutateAsync();
        toast({ title: 'Subscription cancelled', description: `Your QR codes keep working until ${endDate}.` });
      } else {
        await resume.mutateAsync();
        toast({ title: 'Subscription resumed', description: 'Your subscription will renew as before.' });
      }
      onOpenChange(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Subscription</DialogTitle>
          <DialogDescription>
            {subscription.cancelAtPeriodEnd
              ? `Your subscription ends on ${endDate}. Resume it to keep your QR codes working after that date.`
              : `If you cancel, your QR codes keep working until ${endDate}. After that they stop redirecting until you subscribe again, and nothing more is charged.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Close
          </Button>
          {subscription.cancelAtPeriodEnd ? (
            <Button onClick={() => void run('resume')} disabled={busy}>
              {busy && <Spinner />}
              Resume subscription
            </Button>
          ) : (
            <Button variant="destructive" onClick={() => void run('cancel')} disabled={busy}>
              {busy && <Spinner />}
              Cancel subscription
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
