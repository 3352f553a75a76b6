import { DEFAULT_CURRENCY, formatMoney, type Currency } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

interface PurchaseDialogProps {
  open: boolean;
  codesInUse: number;
  unitAmountCents: number;
  /** The account's currency (US dollars when it has none yet). */
  currency?: Currency;
  interval: 'monthly' | 'annual';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec section 4: one more code is one more seat; the new total is (codes + 1) x the price. */
export function PurchaseDialog({ open, codesInUse, unitAmountCents, currency = DEFAULT_CURRENCY, interval, busy, onConfirm, onCancel }: PurchaseDialogProps) {
  const intl = useIntl();
  const period = interval === 'annual' ? 'year' : 'month';
  const total = (codesInUse + 1) * unitAmountCents;
  const money = (cents: number) => formatMoney(cents, currency, intl.locale);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="codesCreate.purchase.title" defaultMessage="Add another QR code?" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="codesCreate.purchase.description"
              defaultMessage="Each QR code is {unit} per {period, select, year {year} other {month}}. Your new total will be {codes, number} × {unit} = <strong>{total} per {period, select, year {year} other {month}}</strong>. Today you pay only the part of the {period, select, year {year} other {month}} that is left."
              values={{ unit: money(unitAmountCents), codes: codesInUse + 1, total: money(total), period, strong: (chunks) => <strong>{chunks}</strong> }}
            />
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="codesCreate.common.cancel" defaultMessage="Cancel" />
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {busy && <Spinner />}
            <FormattedMessage id="codesCreate.common.confirmCreate" defaultMessage="Confirm and create" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
