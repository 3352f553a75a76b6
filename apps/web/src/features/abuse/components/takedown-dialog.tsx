import { TAKEDOWN_REASON_MAX_LENGTH } from '@qrd/contracts';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { ABUSE_TEXT } from './report-messages';

interface TakedownDialogProps {
  /** The slug to take down; null keeps the dialog closed. */
  slug: string | null;
  busy: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Asks for the reason of a takedown: the owner reads it in the mail that tells them. */
export function TakedownDialog({ slug, busy, error, onConfirm, onCancel }: TakedownDialogProps) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setReason('');
    setMissing(false);
  }, [slug]);
  const message = missing
    ? intl.formatMessage(ABUSE_TEXT.takedownReasonRequired)
    : error
      ? getErrorMessage(error, intl.formatMessage({ id: 'site.takedown.failed', defaultMessage: 'The code could not be taken down. Please try again.' }))
      : null;
  return (
    <Dialog open={slug !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim().length < 3) return setMissing(true);
            onConfirm(reason.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage id="site.takedown.title" defaultMessage="Take down /r/{slug}?" values={{ slug }} />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage
                id="site.takedown.text"
                defaultMessage="Scans will see a “This QR code has been disabled” page until you restore it. The owner is emailed the reason below."
              />
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="takedown-reason">
              <FormattedMessage id="site.takedown.reason" defaultMessage="Reason" />
            </Label>
            <textarea
              id="takedown-reason"
              rows={3}
              maxLength={TAKEDOWN_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? 'takedown-reason-error' : undefined}
              className="flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
            />
            {message && (
              <p id="takedown-reason-error" role="alert" className="text-sm font-medium text-destructive">
                {message}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
              <FormattedMessage id="site.common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy && <Spinner />}
              <FormattedMessage id="site.takedown.confirm" defaultMessage="Take down" />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
