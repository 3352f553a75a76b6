import { useState } from 'react';
import { useUser } from '../../../lib/auth';
import { OnboardingChecklist } from './onboarding-checklist';

const dismissedKey = (userId: string) => `qrd:onboarding-dismissed:${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The dashboard shows the account's checklist until every step is done or its owner dismisses it
 * (remembered in this browser, per account). A new account lands on the dashboard after signup,
 * so this is the first thing it sees.
 */
export function DashboardChecklist() {
  const { data: user } = useUser();
  const [dismissed, setDismissed] = useState(() => (user ? readDismissed(user.id) : false));
  if (!user || dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user.id), '1');
    } catch {
      // Private mode without storage: dismissed for this visit only.
    }
    setDismissed(true);
  };
  return <OnboardingChecklist user={user} onDismiss={dismiss} />;
}
