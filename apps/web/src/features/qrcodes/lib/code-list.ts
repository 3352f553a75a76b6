import type { CodeSort, CodeStateFilter, EffectiveState, QrCategory, QrCodeView, SortOrder } from '@qrd/contracts';

export type CategoryFilter = 'all' | QrCategory;
export type StateFilter = 'all' | CodeStateFilter;

/** What the dashboard asks the server for: search (name, destination, short link), sort, filters. */
export interface CodeListFilters {
  q: string;
  sort: CodeSort;
  order: SortOrder;
  state: StateFilter;
  category: CategoryFilter;
  /** A tag (normalised), or 'all'. */
  tag: string;
  /** A folder id, 'none' (codes in no folder) or 'all'. */
  folder: string;
}

export const DEFAULT_FILTERS: CodeListFilters = { q: '', sort: 'created', order: 'desc', state: 'all', category: 'all', tag: 'all', folder: 'all' };

/** "real-estate" -> "Real estate". */
export function categoryLabel(category: QrCategory): string {
  const text = category.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sort menu: each entry is a sort and a direction. */
export const SORT_CHOICES: { value: `${CodeSort}:${SortOrder}`; label: string }[] = [
  { value: 'created:desc', label: 'Newest first' },
  { value: 'created:asc', label: 'Oldest first' },
  { value: 'updated:desc', label: 'Recently changed' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'scans:desc', label: 'Most scans' },
  { value: 'scans:asc', label: 'Fewest scans' },
  { value: 'lastScan:desc', label: 'Recently scanned' },
  { value: 'lastScan:asc', label: 'Least recently scanned' },
];

/** True when the list is narrowed: an empty answer then means "nothing matches", not "no codes yet". */
export function isFiltering(filters: CodeListFilters): boolean {
  return filters.q.trim() !== '' || filters.state !== 'all' || filters.category !== 'all' || filters.tag !== 'all' || filters.folder !== 'all';
}

/** "Showing 50 of 5,000 QR codes" while more can be loaded, else "3 QR codes" / "1 QR code". */
export function countLine(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'QR code' : 'QR codes');
  const number = (n: number) => n.toLocaleString('en-US');
  return shown === total ? `${number(total)} ${noun(total)}` : `Showing ${number(shown)} of ${number(total)} ${noun(total)}`;
}

/** Spec section 9: text truncated to 30 characters with an ellipsis. */
export function truncate(text: string, max = 30): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Spec section 9: US English dates, short month ("Jan 5, 2026"). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The badge of each effective state (what a scan meets now). */
export const STATE_LABELS: Record<EffectiveState, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  suspended: 'Suspended',
  scheduled: 'Scheduled',
  expired: 'Expired',
  scan_limit_reached: 'Limit reached',
};

/** The state filter's choices (filtered on the server by effective state). */
export const STATE_FILTER_CHOICES: { value: CodeStateFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'expired', label: 'Expired' },
  { value: 'scan_limit_reached', label: 'Scan limit reached' },
];

/** Spec section 9's dates with the time of day ("Jan 5, 2026, 9:30 AM"), in the viewer's zone. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

type StateFacts = Pick<QrCodeView, 'state' | 'suspended' | 'takedown'> & Partial<Pick<QrCodeView, 'effectiveState' | 'campaign'>>;

/** What the campaign controls did to the code, shortly ("Expired on Jan 5, 2026, 9:30 AM"), or null. */
export function stateHint(code: StateFacts): string | null {
  if (code.takedown) return null;
  if (code.effectiveState === 'scheduled') {
    const at = code.campaign?.startsAt;
    return at ? `Starts on ${formatDateTime(at)}` : 'Not live yet';
  }
  if (code.effectiveState === 'expired') {
    const at = code.campaign?.expiresAt;
    return at ? `Expired on ${formatDateTime(at)}` : 'Expired';
  }
  if (code.effectiveState === 'scan_limit_reached') {
    const limit = code.campaign?.scanLimit;
    return limit ? `Scan limit of ${limit.toLocaleString('en-US')} reached` : 'Scan limit reached';
  }
  return null;
}

/** Why a code does not redirect, in the owner's words. */
export function stateExplanation(code: StateFacts): string | null {
  if (code.takedown) {
    return `We disabled this code for abuse (${code.takedown.reason}): scans show a "disabled" page. If this is a mistake, write to us through the contact page.`;
  }
  const hint = stateHint(code);
  if (hint) {
    const fallback = code.campaign?.fallbackUrl;
    const page = code.effectiveState === 'scheduled' ? 'a "not live yet"' : 'an "expired"';
    return fallback ? `${hint}: scans go to ${fallback}.` : `${hint}: scans show ${page} page.`;
  }
  if (code.state === 'active') return null;
  if (code.state === 'deactivated') return 'You deactivated this code: scans show a "not active" page.';
  if (code.suspended.account) return 'Your account is suspended: scans show a "not active" page.';
  return 'Your subscription is not active: scans show a "not active" page until you subscribe again.';
}
