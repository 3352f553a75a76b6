import type { AdminUserRow, UserRole } from '@qrd/contracts';
import { Badge } from '../../../components/ui/badge';

export const ROLE_LABELS: Record<UserRole, string> = { user: 'User', admin: 'Admin', superadmin: 'Superadmin' };

export function AccountStatusBadge({ status }: { status: AdminUserRow['status'] }) {
  return status === 'active' ? <Badge variant="success">Active</Badge> : <Badge variant="destructive">Suspended</Badge>;
}

export function RoleBadge({ role }: { role: UserRole }) {
  return <Badge variant={role === 'user' ? 'outline' : 'default'}>{ROLE_LABELS[role]}</Badge>;
}

/** Spec: 'active' counts as active, anything else Inactive (the raw status in the tooltip). */
export function SubscriptionBadge({ plan }: { plan: AdminUserRow['plan'] }) {
  if (plan?.status === 'active') return <Badge variant="success">Active</Badge>;
  return (
    <Badge variant="warning" title={plan ? `Subscription status: ${plan.status}` : 'No subscription'}>
      Inactive
    </Badge>
  );
}

/** The plan by billing interval, with its seats (codes paid for); 'None' without a subscription. */
export function planLabel(plan: AdminUserRow['plan']): string {
  if (!plan) return 'None';
  const interval = plan.interval === 'monthly' ? 'Monthly' : 'Annual';
  return `${interval} · ${plan.seats} ${plan.seats === 1 ? 'code' : 'codes'}`;
}
