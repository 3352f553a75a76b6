import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * What the browser tests walk through: every screen a visitor can open, and every screen (and
 * tab) of a signed-in admin with a subscription and a code (`{id}`), with the axe-core check they
 * share.
 */
export const PUBLIC_SCREENS = ['/', '/auth', '/auth?tab=signup', '/report', '/reset-password-request', '/about', '/contact', '/privacy', '/terms', '/qr/{id}', '/no-such-page'];

export const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/dashboard?tab=analytics',
  '/dashboard?tab=activity',
  '/create-qr',
  '/edit-qr/{id}',
  '/edit-qr/{id}?tab=preview',
  '/edit-qr/{id}?tab=design',
  '/edit-qr/{id}?tab=campaign',
  '/edit-qr/{id}?tab=analytics',
  '/edit-qr/{id}?tab=history',
  '/account',
  '/account?tab=security',
  '/account?tab=analytics',
  '/account?tab=api',
  '/account?tab=webhooks',
  '/account?tab=subscription',
  '/onboarding',
  '/admin',
];

const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe-core in the page; returns the serious and critical violations, readable in a diff. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} -> ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}
