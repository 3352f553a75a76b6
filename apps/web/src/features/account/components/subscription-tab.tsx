import { SubscriptionPanel } from '../../billing';

/** Subscription (spec: plan card, status badge, billing summary from GET /api/subscription): the billing feature's panel. */
export function SubscriptionTab() {
  return <SubscriptionPanel />;
}
