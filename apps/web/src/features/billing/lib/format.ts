import { DEFAULT_CURRENCY, formatMoney, type BillingInterval, type Currency, type SubscriptionView } from '@qrd/contracts';
import { defineMessages, type IntlShape } from 'react-intl';

/** Shown where a figure is not known (no date, no price). */
export const NONE = '—';

const messages = defineMessages<string>({
  perMonth: { id: 'billing.format.perMonth', defaultMessage: 'per month' },
  perYear: { id: 'billing.format.perYear', defaultMessage: 'per year' },
  noCard: { id: 'billing.format.noCard', defaultMessage: 'No card on file' },
  card: { id: 'billing.format.card', defaultMessage: '{brand} ending in {last4}' },
  notActive: { id: 'billing.format.notActive', defaultMessage: 'Not active' },
  status: {
    id: 'billing.format.status',
    defaultMessage:
      '{status, select, active {Active} trialing {trialing} past_due {past_due} canceled {canceled} unpaid {unpaid} incomplete {incomplete} incomplete_expired {incomplete_expired} paused {paused} other {{status}}}',
  },
});

/** An amount in minor units of `currency` (US dollars when the server names none), for the shown language. */
export function formatAmount(intl: IntlShape, minor: number, currency: Currency | null | undefined): string {
  return formatMoney(minor, currency ?? DEFAULT_CURRENCY, intl.locale);
}

/** "per month" / "per year". */
export function perPeriod(intl: IntlShape, interval: BillingInterval | null): string {
  return intl.formatMessage(interval === 'annual' ? messages.perYear : messages.perMonth);
}

/** Spec section 9: short month, day, year ("Dec 22, 2026" in English), in the shown language. */
export function formatDate(intl: IntlShape, iso: string | null): string {
  if (!iso) return NONE;
  return intl.formatDate(iso, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "Visa ending in 4242" (the brand is the card network's own name). */
export function describeCard(intl: IntlShape, card: SubscriptionView['card']): string {
  if (!card) return intl.formatMessage(messages.noCard);
  const brand = card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return intl.formatMessage(messages.card, { brand, last4: card.last4 });
}

/** Spec: 'active' reads as Active; any other status is shown as it is (in English); none reads 'Not active'. */
export function statusLabel(intl: IntlShape, status: string | null): string {
  if (!status) return intl.formatMessage(messages.notActive);
  return intl.formatMessage(messages.status, { status });
}

/** Ended for good: only subscribing again brings the codes back. */
export function isEnded(status: string | null): boolean {
  return status === null || status === 'canceled' || status === 'incomplete_expired' || status === 'incomplete';
}
