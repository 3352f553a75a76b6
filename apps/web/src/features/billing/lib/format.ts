import { formatCents, type BillingInterval, type SubscriptionView } from '@qrd/contracts';

export { formatCents };

/** "per month" / "per year". */
export function perPeriod(interval: BillingInterval | null): string {
  return interval === 'annual' ? 'per year' : 'per month';
}

/** Spec section 9: dates in US English, short month, day, year ("Dec 22, 2026"). */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "Visa ending in 4242". */
export function describeCard(card: SubscriptionView['card']): string {
  if (!card) return 'No card on file';
  const brand = card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending in ${card.last4}`;
}

/** Spec: 'active' reads as Active; any other status is shown as it is; none reads 'Not active'. */
export function statusLabel(status: string | null): string {
  if (!status) return 'Not active';
  return status === 'active' ? 'Active' : status;
}

/** Ended for good: only subscribing again brings the codes back. */
export function isEnded(status: string | null): boolean {
  return status === null || status === 'canceled' || status === 'incomplete_expired' || status === 'incomplete';
}
