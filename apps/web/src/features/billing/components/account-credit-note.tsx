import { useAccountCredit } from '../api/credit';
import { formatCents } from '../lib/format';

/** The account's credit, when there is some: the next invoices use it before the card. */
export function AccountCreditNote() {
  const credit = useAccountCredit();
  const cents = credit.data?.creditCents ?? 0;
  if (cents <= 0) return null;
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-sm" role="status" aria-label="Account credit">
      <span className="font-medium">Credit: {formatCents(cents)}.</span> Your next invoices use it before your card is charged.
    </p>
  );
}
