import { BillingDetailsCard, InvoicesCard, SubscriptionPanel } from '../../billing';

/** Subscription (spec: plan card, status badge, billing summary from GET /api/subscription), invoices and billing details. */
export function SubscriptionTab() {
  return (
    <div className="grid gap-6">
      <SubscriptionPanel />
      <InvoicesCard />
      <BillingDetailsCard />
    </div>
  );
}
