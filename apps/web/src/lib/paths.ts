/** Every route of spec section 2, spelled once. */
export const paths = {
  home: '/',
  auth: '/auth',
  login: '/login',
  signup: '/signup',
  resetPasswordRequest: '/reset-password-request',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  dashboard: '/dashboard',
  createQr: '/create-qr',
  bulkImport: '/dashboard/import',
  editQr: (id: string) => `/edit-qr/${encodeURIComponent(id)}`,
  subscribe: '/subscribe',
  account: '/account',
  admin: '/admin',
  onboarding: '/onboarding',
  qr: (id: string) => `/qr/${encodeURIComponent(id)}`,
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  report: '/report',
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
} as const;

/** Where to go once signed in, from ?next=: only an invitation link of this site, never elsewhere. */
export function nextAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/invitations\/[\w-]+$/.test(next) ? next : paths.dashboard;
}

export const LANDING_SECTIONS = ['features', 'pricing', 'faq'] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

/** Link target of a landing section: the landing page with the section's anchor. */
export function sectionHref(section: LandingSection): string {
  return `/#${section}`;
}

/** Reads a tab name from the URL (?tab=...), falling back when it is missing or unknown. */
export function pickTab<T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T {
  const normalised = value?.trim().toLowerCase();
  return (allowed as readonly string[]).includes(normalised ?? '') ? (normalised as T) : fallback;
}

export const AUTH_TABS = ['signup', 'login'] as const;
export type AuthTab = (typeof AUTH_TABS)[number];

/** /auth opens the Log In tab unless told otherwise; /signup lands on the Sign Up tab. */
export function authHref(tab: AuthTab = 'login', next?: string): string {
  const query = new URLSearchParams();
  if (tab !== 'login') query.set('tab', tab);
  if (next) query.set('next', next);
  const search = query.toString();
  return search ? `${paths.auth}?${search}` : paths.auth;
}
