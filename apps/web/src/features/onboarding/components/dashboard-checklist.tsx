import { useState } from 'react';
import { useWorkspaceId } from '../../../hooks/use-workspace-id';
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
  // The checklist is about the account's own start: not shown in a workspace shared with it.
  const shared = useWorkspaceId() !== null;
  if (!user || dismissed || shared) return null;
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
