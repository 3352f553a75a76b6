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

/** As a single delete: each code stops working and loses its analytics; its paid seat stays free until the period ends. */
export function BulkDeleteDialog({ count, busy, onConfirm, onCancel }: BulkDeleteDialogProps) {
  return (
    <Dialog open={count !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {count === null ? '' : codes(count)}?</DialogTitle>
          <DialogDescription>
            {count !== null &&
              `The ${codes(count)} will stop working wherever they are printed (scans get a “not found” page) and their scan analytics are deleted. ` +
                `${count === 1 ? 'Its seat stays' : `Their ${count} seats stay`} in your subscription, free for new codes, until the period ends; ` +
                'seats no code uses are then dropped at the renewal. ' +
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
