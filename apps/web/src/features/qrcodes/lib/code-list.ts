import type { CodeSort, CodeStateFilter, EffectiveState, QrCategory, QrCodeView, SortOrder } from '@qrd/contracts';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

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

const CATEGORY_LABELS: Record<QrCategory, MessageDescriptor> = defineMessages({
  business: { id: 'codesList.category.business', defaultMessage: 'Business' },
  event: { id: 'codesList.category.event', defaultMessage: 'Event' },
  product: { id: 'codesList.category.product', defaultMessage: 'Product' },
  restaurant: { id: 'codesList.category.restaurant', defaultMessage: 'Restaurant' },
  retail: { id: 'codesList.category.retail', defaultMessage: 'Retail' },
  'real-estate': { id: 'codesList.category.realEstate', defaultMessage: 'Real estate' },
  healthcare: { id: 'codesList.category.healthcare', defaultMessage: 'Healthcare' },
  education: { id: 'codesList.category.education', defaultMessage: 'Education' },
  personal: { id: 'codesList.category.personal', defaultMessage: 'Personal' },
  other: { id: 'codesList.category.other', defaultMessage: 'Other' },
});

/** "real-estate" -> "Real estate", in the shown language. */
export function categoryLabel(intl: IntlShape, category: QrCategory): string {
  const message = CATEGORY_LABELS[category];
  return message ? intl.formatMessage(message) : category;
}

const SORT_LABELS = defineMessages({
  createdDesc: { id: 'codesList.sort.newestFirst', defaultMessage: 'Newest first' },
  createdAsc: { id: 'codesList.sort.oldestFirst', defaultMessage: 'Oldest first' },
  updatedDesc: { id: 'codesList.sort.recentlyChanged', defaultMessage: 'Recently changed' },
  nameAsc: { id: 'codesList.sort.nameAToZ', defaultMessage: 'Name A–Z' },
  nameDesc: { id: 'codesList.sort.nameZToA', defaultMessage: 'Name Z–A' },
  scansDesc: { id: 'codesList.sort.mostScans', defaultMessage: 'Most scans' },
  scansAsc: { id: 'codesList.sort.fewestScans', defaultMessage: 'Fewest scans' },
  lastScanDesc: { id: 'codesList.sort.recentlyScanned', defaultMessage: 'Recently scanned' },
  lastScanAsc: { id: 'codesList.sort.leastRecentlyScanned', defaultMessage: 'Least recently scanned' },
});

/** The sort menu: each entry is a sort and a direction. */
export const SORT_CHOICES: { value: `${CodeSort}:${SortOrder}`; label: MessageDescriptor }[] = [
  { value: 'created:desc', label: SORT_LABELS.createdDesc },
  { value: 'created:asc', label: SORT_LABELS.createdAsc },
  { value: 'updated:desc', label: SORT_LABELS.updatedDesc },
  { value: 'name:asc', label: SORT_LABELS.nameAsc },
  { value: 'name:desc', label: SORT_LABELS.nameDesc },
  { value: 'scans:desc', label: SORT_LABELS.scansDesc },
  { value: 'scans:asc', label: SORT_LABELS.scansAsc },
  { value: 'lastScan:desc', label: SORT_LABELS.lastScanDesc },
  { value: 'lastScan:asc', label: SORT_LABELS.lastScanAsc },
];

/** True when the list is narrowed: an empty answer then means "nothing matches", not "no codes yet". */
export function isFiltering(filters: CodeListFilters): boolean {
  return filters.q.trim() !== '' || filters.state !== 'all' || filters.category !== 'all' || filters.tag !== 'all' || filters.folder !== 'all';
}

const COUNT_MESSAGES = defineMessages({
  all: { id: 'codesList.list.count', defaultMessage: '{total, plural, one {# QR code} other {# QR codes}}' },
  showing: { id: 'codesList.list.showing', defaultMessage: 'Showing {shown, number} of {total, plural, one {# QR code} other {# QR codes}}' },
});
/** As plain descriptors, which formatMessage takes with values. */
const COUNT: Record<keyof typeof COUNT_MESSAGES, MessageDescriptor> = COUNT_MESSAGES;

/** "Showing 50 of 5,000 QR codes" while more can be loaded, else "3 QR codes" / "1 QR code". */
export function countLine(intl: IntlShape, shown: number, total: number): string {
  return shown === total ? intl.formatMessage(COUNT.all, { total }) : intl.formatMessage(COUNT.showing, { shown, total });
}

/** Spec section 9: text truncated to 30 characters with an ellipsis. */
export function truncate(text: string, max = 30): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Spec section 9's dates, short month ("Jan 5, 2026" in English), in the shown language. */
export function formatDate(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The badge of each effective state (what a scan meets now). */
export const STATE_LABELS: Record<EffectiveState, MessageDescriptor> = defineMessages({
  active: { id: 'codesList.state.active', defaultMessage: 'Active' },
  deactivated: { id: 'codesList.state.deactivated', defaultMessage: 'Deactivated' },
  suspended: { id: 'codesList.state.suspended', defaultMessage: 'Suspended' },
  scheduled: { id: 'codesList.state.scheduled', defaultMessage: 'Scheduled' },
  expired: { id: 'codesList.state.expired', defaultMessage: 'Expired' },
  scan_limit_reached: { id: 'codesList.state.limitReached', defaultMessage: 'Limit reached' },
});

const STATE_FILTER_LABELS = defineMessages({
  active: { id: 'codesList.stateFilter.active', defaultMessage: 'Active' },
  inactive: { id: 'codesList.stateFilter.inactive', defaultMessage: 'Inactive' },
  scheduled: { id: 'codesList.stateFilter.scheduled', defaultMessage: 'Scheduled' },
  expired: { id: 'codesList.stateFilter.expired', defaultMessage: 'Expired' },
  scanLimitReached: { id: 'codesList.stateFilter.scanLimitReached', defaultMessage: 'Scan limit reached' },
});

/** The state filter's choices (filtered on the server by effective state). */
export const STATE_FILTER_CHOICES: { value: CodeStateFilter; label: MessageDescriptor }[] = [
  { value: 'active', label: STATE_FILTER_LABELS.active },
  { value: 'inactive', label: STATE_FILTER_LABELS.inactive },
  { value: 'scheduled', label: STATE_FILTER_LABELS.scheduled },
  { value: 'expired', label: STATE_FILTER_LABELS.expired },
  { value: 'scan_limit_reached', label: STATE_FILTER_LABELS.scanLimitReached },
];

/** Spec section 9's dates with the time of day ("Jan 5, 2026, 9:30 AM" in English), in the viewer's zone. */
export function formatDateTime(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

type StateFacts = Pick<QrCodeView, 'state' | 'suspended' | 'takedown'> & Partial<Pick<QrCodeView, 'effectiveState' | 'campaign'>>;

const STATE_TEXT_MESSAGES = defineMessages({
  startsOn: { id: 'codesList.state.startsOn', defaultMessage: 'Starts on {date}' },
  notLiveYet: { id: 'codesList.state.notLiveYet', defaultMessage: 'Not live yet' },
  expiredOn: { id: 'codesList.state.expiredOn', defaultMessage: 'Expired on {date}' },
  expired: { id: 'codesList.state.expiredHint', defaultMessage: 'Expired' },
  limitOf: { id: 'codesList.state.scanLimitOfReached', defaultMessage: 'Scan limit of {limit, number} reached' },
  limit: { id: 'codesList.state.scanLimitReached', defaultMessage: 'Scan limit reached' },
  takedown: {
    id: 'codesList.state.explainTakedown',
    defaultMessage:
      'We disabled this code for abuse ({reason}): scans show a "disabled" page. If this is a mistake, write to us through the contact page.',
  },
  fallback: { id: 'codesList.state.explainFallback', defaultMessage: '{hint}: scans go to {url}.' },
  notLivePage: { id: 'codesList.state.explainNotLivePage', defaultMessage: '{hint}: scans show a "not live yet" page.' },
  expiredPage: { id: 'codesList.state.explainExpiredPage', defaultMessage: '{hint}: scans show an "expired" page.' },
  deactivated: { id: 'codesList.state.explainDeactivated', defaultMessage: 'You deactivated this code: scans show a "not active" page.' },
  account: { id: 'codesList.state.explainAccountSuspended', defaultMessage: 'Your account is suspended: scans show a "not active" page.' },
  billing: {
    id: 'codesList.state.explainSubscriptionInactive',
    defaultMessage: 'Your subscription is not active: scans show a "not active" page until you subscribe again.',
  },
});
/** As plain descriptors, which formatMessage takes with values. */
const STATE_TEXT: Record<keyof typeof STATE_TEXT_MESSAGES, MessageDescriptor> = STATE_TEXT_MESSAGES;

/** What the campaign controls did to the code, shortly ("Expired on Jan 5, 2026, 9:30 AM"), or null. */
export function stateHint(intl: IntlShape, code: StateFacts): string | null {
  if (code.takedown) return null;
  if (code.effectiveState === 'scheduled') {
    const at = code.campaign?.startsAt;
    return at ? intl.formatMessage(STATE_TEXT.startsOn, { date: formatDateTime(intl, at) }) : intl.formatMessage(STATE_TEXT.notLiveYet);
  }
  if (code.effectiveState === 'expired') {
    const at = code.campaign?.expiresAt;
    return at ? intl.formatMessage(STATE_TEXT.expiredOn, { date: formatDateTime(intl, at) }) : intl.formatMessage(STATE_TEXT.expired);
  }
  if (code.effectiveState === 'scan_limit_reached') {
    const limit = code.campaign?.scanLimit;
    return limit ? intl.formatMessage(STATE_TEXT.limitOf, { limit }) : intl.formatMessage(STATE_TEXT.limit);
  }
  return null;
}

/** Why a code does not redirect, in the owner's words. */
export function stateExplanation(intl: IntlShape, code: StateFacts): string | null {
  if (code.takedown) return intl.formatMessage(STATE_TEXT.takedown, { reason: code.takedown.reason });
  const hint = stateHint(intl, code);
  if (hint) {
    const fallback = code.campaign?.fallbackUrl;
    if (fallback) return intl.formatMessage(STATE_TEXT.fallback, { hint, url: fallback });
    return intl.formatMessage(code.effectiveState === 'scheduled' ? STATE_TEXT.notLivePage : STATE_TEXT.expiredPage, { hint });
  }
  if (code.state === 'active') return null;
  if (code.state === 'deactivated') return intl.formatMessage(STATE_TEXT.deactivated);
  if (code.suspended.account) return intl.formatMessage(STATE_TEXT.account);
  return intl.formatMessage(STATE_TEXT.billing);
}
