import { useState, type FormEvent } from 'react';
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
import { useUpdateTestCard, type TestCardInput } from '../api/subscription';
import { describeCard } from '../lib/format';
import { paymentMessages } from '../lib/payment-result';
import { TestCardFields } from './test-card-fields';

/** Test provider: a new card for the subscription; anything unpaid is charged to it right away. */
export function UpdateCardDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  const [card, setCard] = useState<TestCardInput>({ cardNumber: '', expiry: '', cvc: '' });
  const update = useUpdateTestCard();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const subscription = await update.mutateAsync(card);
      toast({
        title: intl.formatMessage({ id: 'billing.updateCard.updated', defaultMessage: 'Payment method updated' }),
        description: intl.formatMessage(
          { id: 'billing.updateCard.updatedText', defaultMessage: '{card} will be charged from now on.' },
          { card: describeCard(intl, subscription.card) },
        ),
      });
      setCard({ cardNumber: '', expiry: '', cvc: '' });
      onOpenChange(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage(paymentMessages.failedTitle),
        description: getErrorMessage(error, intl.formatMessage(paymentMessages.tryAgain)),
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage id="billing.updateCard.title" defaultMessage="Update Payment Method" />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage
                id="billing.updateCard.text"
                defaultMessage="The new card pays your next renewals and anything that is still unpaid."
              />
            </DialogDescription>
          </DialogHeader>
          <TestCardFields idPrefix="update-card-" value={card} onChange={setCard} disabled={update.isPending} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
              <FormattedMessage id="billing.updateCard.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner />}
              {update.isPending
                ? intl.formatMessage(paymentMessages.processing)
                : intl.formatMessage({ id: 'billing.updateCard.save', defaultMessage: 'Save card' })}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
