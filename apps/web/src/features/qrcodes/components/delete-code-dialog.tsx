import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

interface DeleteCodeDialogProps {
  name: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting cannot be undone: the printed code stops working; its paid seat stays free for another code until the period ends. */
export function DeleteCodeDialog({ name, busy, onConfirm, onCancel }: DeleteCodeDialogProps) {
  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="codesList.deleteCode.title" defaultMessage="Delete this QR code?" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="codesList.deleteCode.description"
              defaultMessage="“{name}” will stop working wherever it is printed (scans get a “not found” page), its scan analytics are deleted, and its seat stays free for a new code until the period ends (unused seats are dropped at the renewal). This cannot be undone. To pause a code instead, deactivate it."
              values={{ name }}
            />
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="codesList.deleteCode.cancel" defaultMessage="Cancel" />
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy && <Spinner />}
            <FormattedMessage id="codesList.deleteCode.confirm" defaultMessage="Delete QR Code" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
