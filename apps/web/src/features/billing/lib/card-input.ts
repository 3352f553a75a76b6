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

/** Stripe's documented test cards, as the test provider honours them (DESIGN.md section 6). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Declined: insufficient funds' },
  { number: '4000 0000 0000 0341', outcome: 'Pays now, later renewals fail' },
  { number: '4000 0025 0000 3155', outcome: 'Asks for authentication' },
] as const;
