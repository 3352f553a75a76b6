import { formatCents } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

interface PurchaseDialogProps {
  open: boolean;
  codesInUse: number;
  unitAmountCents: number;
  interval: 'monthly' | 'annual';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec section 4: one more code is one more seat; the new total is (codes + 1) x the price. */
export function PurchaseDialog({ open, codesInUse, unitAmountCents, interval, busy, onConfirm, onCancel }: PurchaseDialogProps) {
  const period = interval === 'annual' ? 'year' : 'month';
  const total = (codesInUse + 1) * unitAmountCents;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add another QR code?</DialogTitle>
          <DialogDescription>
            Each QR code is {formatCents(unitAmountCents)} per {period}. Your new total will be {codesInUse + 1} × {formatCents(unitAmountCents)} ={' '}
            <strong>
              {formatCents(total)} per {period}
            </strong>
            . Today you pay only the part of the {period} that is left.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {busy && <Spinner />}
            Confirm and create
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
