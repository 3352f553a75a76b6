import { FormattedMessage, useIntl } from 'react-intl';
import { useAccountCredit } from '../api/credit';
import { formatAmount } from '../lib/format';

/** The account's credit, when there is some: the next invoices use it before the card. */
export function AccountCreditNote() {
  const intl = useIntl();
  const credit = useAccountCredit();
  const cents = credit.data?.creditCents ?? 0;
  if (cents <= 0) return null;
  return (
    <p
      className="rounded-md bg-muted px-3 py-2 text-sm"
      role="status"
      aria-label={intl.formatMessage({ id: 'billing.credit.label', defaultMessage: 'Account credit' })}
    >
      <FormattedMessage
        id="billing.credit.text"
        defaultMessage="<strong>Credit: {amount}.</strong> Your next invoices use it before your card is charged."
        values={{
          amount: formatAmount(intl, cents, credit.data?.currency),
          strong: (chunks) => <span className="font-medium">{chunks}</span>,
        }}
      />
    </p>
  );
}
