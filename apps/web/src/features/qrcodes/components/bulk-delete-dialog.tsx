import { FormattedMessage } from 'react-intl';
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

/** As a single delete: each code stops working and loses its analytics; its paid seat stays free until the period ends. */
export function BulkDeleteDialog({ count, busy, onConfirm, onCancel }: BulkDeleteDialogProps) {
  return (
    <Dialog open={count !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="codesList.bulkDelete.title" defaultMessage="Delete {count, plural, one {# QR code} other {# QR codes}}?" values={{ count: count ?? 0 }} />
          </DialogTitle>
          <DialogDescription>
            {count !== null && (
              <FormattedMessage
                id="codesList.bulkDelete.description"
                defaultMessage="{count, plural, one {The # QR code will stop working wherever they are printed (scans get a “not found” page) and their scan analytics are deleted. Its seat stays in your subscription, free for new codes, until the period ends; seats no code uses are then dropped at the renewal. This cannot be undone. To pause codes instead, deactivate them.} other {The # QR codes will stop working wherever they are printed (scans get a “not found” page) and their scan analytics are deleted. Their # seats stay in your subscription, free for new codes, until the period ends; seats no code uses are then dropped at the renewal. This cannot be undone. To pause codes instead, deactivate them.}}"
                values={{ count: count ?? 0 }}
              />
            )}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="codesList.bulkDelete.cancel" defaultMessage="Cancel" />
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy && <Spinner />}
            <FormattedMessage id="codesList.bulkDelete.confirm" defaultMessage="Delete {count, plural, one {# QR code} other {# QR codes}}" values={{ count: count ?? 0 }} />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
