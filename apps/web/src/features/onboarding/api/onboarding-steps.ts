import { defineMessages, type MessageDescriptor } from 'react-intl';
import { paths } from '../../../lib/paths';
import type { PlanPrices } from '../../../lib/pricing';

export type OnboardingStepId = 'account' | 'first-code' | 'subscription';

/** A text of a step: its message and the values it needs, formatted where it is shown. */
export interface StepText {
  message: MessageDescriptor;
  values?: Record<string, string>;
}

/** Spec section 3's onboarding step; `completed` is null while it cannot be told (loading, error). */
export interface OnboardingStep {
  id: OnboardingStepId;
  title: MessageDescriptor;
  description: StepText;
  action: { label: MessageDescriptor; doneLabel: MessageDescriptor; to: string };
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

const messages = defineMessages({
  accountTitle: { id: 'account.onboarding.accountTitle', defaultMessage: 'Complete your account' },
  accountDescription: {
    id: 'account.onboarding.accountDescription',
    defaultMessage: 'Add your first and last name to your profile, so we know how to address you.',
  },
  accountAction: { id: 'account.onboarding.accountAction', defaultMessage: 'Complete Profile' },
  accountDone: { id: 'account.onboarding.accountDone', defaultMessage: 'View Account' },
  codeTitle: { id: 'account.onboarding.codeTitle', defaultMessage: 'Create your first QR code' },
  codeDescription: {
    id: 'account.onboarding.codeDescription',
    defaultMessage: 'Name it and enter the URL it should open. You can change the URL any time after printing.',
  },
  codeAction: { id: 'account.onboarding.codeAction', defaultMessage: 'Create QR Code' },
  codeDone: { id: 'account.onboarding.codeDone', defaultMessage: 'Create Another' },
  subscriptionTitle: { id: 'account.onboarding.subscriptionTitle', defaultMessage: 'Subscribe to continue' },
  subscriptionDescription: {
    id: 'account.onboarding.subscriptionDescription',
    defaultMessage: 'Your codes redirect while your subscription is active: {monthly} per code per month, or {annual} per year.',
  },
  subscriptionDescriptionNoPrices: {
    id: 'account.onboarding.subscriptionDescriptionNoPrices',
    defaultMessage: 'Your codes redirect while your subscription is active, priced per code per month or per year.',
  },
  subscriptionAction: { id: 'account.onboarding.subscriptionAction', defaultMessage: 'Subscribe Now' },
  subscriptionDone: { id: 'account.onboarding.subscriptionDone', defaultMessage: 'Manage Subscription' },
});

/** Statuses in which the subscription counts as active (Stripe's active and trialing). */
const ACTIVE_STATUSES = new Set(['active', 'trialing']);

/** The checklist computed from the account's real state (DESIGN.md section 8). */
export function onboardingSteps({ user, codeCount, subscriptionStatus, prices }: OnboardingState): OnboardingStep[] {
  const profileComplete = user ? Boolean(user.firstName?.trim() && user.lastName?.trim()) : null;
  return [
    {
      id: 'account',
      title: messages.accountTitle,
      description: { message: messages.accountDescription },
      action: { label: messages.accountAction, doneLabel: messages.accountDone, to: paths.account },
      completed: profileComplete,
    },
    {
      id: 'first-code',
      title: messages.codeTitle,
      description: { message: messages.codeDescription },
      action: { label: messages.codeAction, doneLabel: messages.codeDone, to: paths.createQr },
      completed: codeCount === undefined ? null : codeCount > 0,
    },
    {
      id: 'subscription',
      title: messages.subscriptionTitle,
      description: prices
        ? { message: messages.subscriptionDescription, values: { monthly: prices.monthly, annual: prices.annual } }
        : { message: messages.subscriptionDescriptionNoPrices },
      action: { label: messages.subscriptionAction, doneLabel: messages.subscriptionDone, to: paths.subscribe },
      completed: subscriptionStatus === undefined ? null : subscriptionStatus !== null && ACTIVE_STATUSES.has(subscriptionStatus),
    },
  ];
}
