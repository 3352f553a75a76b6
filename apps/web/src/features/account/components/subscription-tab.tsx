import { CreditCard } from 'lucide-react';
import { EmptyState } from './empty-state';

/**
 * Subscription (spec: plan card, status badge, billing summary from GET /api/subscription).
 * The billing task fills this tab with the real subscription; until then it says so.
 */
export function SubscriptionTab() {
  return (
    <EmptyState
      title="Subscription"
      icon={<CreditCard aria-hidden="true" />}
      message="Your plan, billing summary and payment options will appear here."
    />
  );
}
