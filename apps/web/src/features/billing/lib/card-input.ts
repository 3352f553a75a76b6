import { defineMessages } from 'react-intl';

/** Keeps what the customer types readable: "4242 4242 4242 4242", "12 / 34". */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the separator deletes the month's last digit instead of being re-added at once.
  if (value.length < previous.length && previous.endsWith(' / ') && digits.length === 2) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  if (digits.length === 2) return `${digits} / `;
  return digits;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

const outcomes = defineMessages<string>({
  succeeds: { id: 'billing.testCards.succeeds', defaultMessage: 'Succeeds' },
  declined: { id: 'billing.testCards.declined', defaultMessage: 'Declined' },
  insufficientFunds: { id: 'billing.testCards.insufficientFunds', defaultMessage: 'Declined: insufficient funds' },
  renewalsFail: { id: 'billing.testCards.renewalsFail', defaultMessage: 'Pays now, later renewals fail' },
  authentication: { id: 'billing.testCards.authentication', defaultMessage: 'Asks for authentication' },
});

/** Stripe's documented test cards, as the test provider honours them (DESIGN.md section 6); `outcome` is shown with intl. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: outcomes.succeeds },
  { number: '4000 0000 0000 0002', outcome: outcomes.declined },
  { number: '4000 0000 0000 9995', outcome: outcomes.insufficientFunds },
  { number: '4000 0000 0000 0341', outcome: outcomes.renewalsFail },
  { number: '4000 0025 0000 3155', outcome: outcomes.authentication },
] as const;
