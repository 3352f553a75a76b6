import { useState, type FormEvent } from 'react';
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
import { useUpdateTestCard, type TestCardInput } from '../api/subscription';
import { describeCard } from '../lib/format';
import { TestCardFields } from './test-card-fields';

/** Test provider: a new card for the subscription; anything unpaid is charged to it right away. */
export function UpdateCardDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [card, setCard] = useState<TestCardInput>({ cardNumber: '', expiry: '', cvc: '' });
  const update = useUpdateTestCard();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const subscription = await update.mutateAsync(card);
      toast({ title: 'Payment method updated', description: `${describeCard(subscription.card)} will be charged from now on.` });
      setCard({ cardNumber: '', expiry: '', cvc: '' });
      onOpenChange(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Payment Failed', description: getErrorMessage(error, 'Please try again.') });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Update Payment Method</DialogTitle>
            <DialogDescription>The new card pays your next renewals and anything that is still unpaid.</DialogDescription>
          </DialogHeader>
          <TestCardFields idPrefix="update-card-" value={card} onChange={setCard} disabled={update.isPending} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner />}
              {update.isPending ? 'Processing...' : 'Save card'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
