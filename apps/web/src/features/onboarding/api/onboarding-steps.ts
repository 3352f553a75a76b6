import { paths } from '../../../lib/paths';
import type { PlanPrices } from '../../../lib/pricing';

export type OnboardingStepId = 'account' | 'first-code' | 'subscription';

/** Spec section 3's onboarding step; `completed` is null while it cannot be told (loading, error). */
export interface OnboardingStep {
  id: OnboardingStepId;
  title: string;
  description: string;
  action: { label: string; doneLabel: string; to: string };
  completed: boolean | null;
}

export interface OnboardingState {
  user: { firstName: string | null; lastName: string | null } | null | undefined;
  /** Undefined while unknown. */
  codeCount: number | undefined;
  /** Undefined while unknown; null when the user never subscribed. */
  subscriptionStatus: string | null | undefined;
  /** The configured prices; undefined while loading. */
  prices?: PlanPrices;
}

/** Statuses in which the subscription counts as active (Stripe's active and trialing). */
const ACTIVE_STATUSES = new Set(['active', 'trialing']);

/** The checklist computed from the account's real state (DESIGN.md section 8). */
export function onboardingSteps({ user, codeCount, subscriptionStatus, prices }: OnboardingState): OnboardingStep[] {
  const profileComplete = user ? Boolean(user.firstName?.trim() && user.lastName?.trim()) : null;
  return [
    {
      id: 'account',
      title: 'Complete your account',
      description: 'Add your first and last name to your profile, so we know how to address you.',
      action: { label: 'Complete Profile', doneLabel: 'View Account', to: paths.account },
      completed: profileComplete,
    },
    {
      id: 'first-code',
      title: 'Create your first QR code',
      description: 'Name it and enter the URL it should open. You can change the URL any time after printing.',
      action: { label: 'Create QR Code', doneLabel: 'Create Another', to: paths.createQr },
      completed: codeCount === undefined ? null : codeCount > 0,
    },
    {
      id: 'subscription',
      title: 'Subscribe to continue',
      description: prices
        ? `Your codes redirect while your subscription is active: ${prices.monthly} per code per month, or ${prices.annual} per year.`
        : 'Your codes redirect while your subscription is active, priced per code per month or per year.',
      action: { label: 'Subscribe Now', doneLabel: 'Manage Subscription', to: paths.subscribe },
      completed: subscriptionStatus === undefined ? null : subscriptionStatus !== null && ACTIVE_STATUSES.has(subscriptionStatus),
    },
  ];
}
