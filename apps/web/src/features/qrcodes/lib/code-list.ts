import type { QrCategory, QrCodeState, QrCodeView } from '@qrd/contracts';

export type CategoryFilter = 'all' | QrCategory;

/** Search matches the name or the destination, ignoring case; the category narrows further. */
export function filterCodes(codes: QrCodeView[], search: string, category: CategoryFilter): QrCodeView[] {
  const needle = search.trim().toLowerCase();
  return codes.filter(
    (code) =>
      (category === 'all' || code.category === category) &&
      (!needle || code.name.toLowerCase().includes(needle) || code.destinationUrl.toLowerCase().includes(needle)),
  );
}

/** "Showing 3 of 10 QR codes" / "1 QR code". */
export function countLine(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'QR code' : 'QR codes');
  return shown === total ? `${total} ${noun(total)}` : `Showing ${shown} of ${total} ${noun(total)}`;
}

/** Spec section 9: text truncated to 30 characters with an ellipsis. */
export function truncate(text: string, max = 30): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Spec section 9: US English dates, short month ("Jan 5, 2026"). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export const STATE_LABELS: Record<QrCodeState, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  suspended: 'Suspended',
};

/** Why a code does not redirect, in the owner's words. */
export function stateExplanation(code: Pick<QrCodeView, 'state' | 'suspended'>): string | null {
  if (code.state === 'active') return null;
  if (code.state === 'deactivated') return 'You deactivated this code: scans show a "not active" page.';
  if (code.suspended.account) return 'Your account is suspended: scans show a "not active" page.';
  return 'Your subscription is not active: scans show a "not active" page until you subscribe again.';
}
