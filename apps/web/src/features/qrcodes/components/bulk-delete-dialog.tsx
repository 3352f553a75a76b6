import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

interface BulkDeleteDialogProps {
  /** How many codes would be deleted; null keeps the dialog closed. */
  count: number | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const codes = (n: number) => `${n.toLocaleString('en-US')} QR ${n === 1 ? 'code' : 'codes'}`;

/** As a single delete: each code stops working, loses its analytics and leaves the subscription. */
export function BulkDeleteDialog({ count, busy, onConfirm, onCancel }: BulkDeleteDialogProps) {
  return (
    <Dialog open={count !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {count === null ? '' : codes(count)}?</DialogTitle>
          <DialogDescription>
            {count !== null &&
              `The ${codes(count)} will stop working wherever they are printed (scans get a “not found” page) and their scan analytics are deleted. ` +
                `Each one gives its seat back: your subscription goes down by ${count === 1 ? 'one seat' : `${count} seats`} (never below one), ` +
                'with the unused time credited. ' +
                'This cannot be undone. To pause codes instead, deactivate them.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy && <Spinner />}
            Delete {count === null ? '' : codes(count)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
