import { ShieldCheck } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
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

interface AuthenticationDialogProps {
  open: boolean;
  busy: boolean;
  onAnswer: (approve: boolean) => void;
}

/** The bank's 3-D Secure challenge, as the test provider simulates it (cards 4000 0025 0000 3155 and 4000 0027 6000 3184). */
export function AuthenticationDialog({ open, busy, onAnswer }: AuthenticationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onAnswer(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
            <FormattedMessage id="billing.authentication.title" defaultMessage="Authenticate this payment" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="billing.authentication.text"
              defaultMessage="Test mode — no real charges. Your bank asks you to confirm this payment (3-D Secure). Choose what the customer does."
            />
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => onAnswer(false)}>
            <FormattedMessage id="billing.authentication.fail" defaultMessage="Fail authentication" />
          </Button>
          <Button disabled={busy} onClick={() => onAnswer(true)}>
            {busy && <Spinner />}
            <FormattedMessage id="billing.authentication.complete" defaultMessage="Complete authentication" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
