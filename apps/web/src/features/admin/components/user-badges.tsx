import type { AdminUserRow, UserRole } from '@qrd/contracts';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Badge } from '../../../components/ui/badge';

export const ROLE_LABELS = defineMessages<UserRole>({
  user: { id: 'analytics.admin.role.user', defaultMessage: 'User' },
  admin: { id: 'analytics.admin.role.admin', defaultMessage: 'Admin' },
  superadmin: { id: 'analytics.admin.role.superadmin', defaultMessage: 'Superadmin' },
});

const messages = defineMessages<string>({
  active: { id: 'analytics.admin.badge.active', defaultMessage: 'Active' },
  subscriptionStatus: { id: 'analytics.admin.badge.subscriptionStatus', defaultMessage: 'Subscription status: {status}' },
  noSubscription: { id: 'analytics.admin.badge.noSubscription', defaultMessage: 'No subscription' },
  none: { id: 'analytics.admin.plan.none', defaultMessage: 'None' },
  plan: {
    id: 'analytics.admin.plan.label',
    defaultMessage: '{interval, select, monthly {Monthly} other {Annual}} · {seats, plural, one {# code} other {# codes}}',
  },
});

export function AccountStatusBadge({ status }: { status: AdminUserRow['status'] }) {
  const intl = useIntl();
  return status === 'active' ? (
    <Badge variant="success">{intl.formatMessage(messages.active)}</Badge>
  ) : (
    <Badge variant="destructive">
      <FormattedMessage id="analytics.admin.badge.suspended" defaultMessage="Suspended" />
    </Badge>
  );
}

export function RoleBadge({ role }: { role: UserRole }) {
  const intl = useIntl();
  return <Badge variant={role === 'user' ? 'outline' : 'default'}>{intl.formatMessage(ROLE_LABELS[role])}</Badge>;
}

/** Spec: 'active' counts as active, anything else Inactive (the raw status in the tooltip). */
export function SubscriptionBadge({ plan }: { plan: AdminUserRow['plan'] }) {
  const intl = useIntl();
  if (plan?.status === 'active') return <Badge variant="success">{intl.formatMessage(messages.active)}</Badge>;
  return (
    <Badge variant="warning" title={plan ? intl.formatMessage(messages.subscriptionStatus, { status: plan.status }) : intl.formatMessage(messages.noSubscription)}>
      <FormattedMessage id="analytics.admin.badge.inactive" defaultMessage="Inactive" />
    </Badge>
  );
}

/** The plan by billing interval, with its seats (codes paid for); 'None' without a subscription. */
export function planLabel(intl: IntlShape, plan: AdminUserRow['plan']): string {
  if (!plan) return intl.formatMessage(messages.none);
  return intl.formatMessage(messages.plan, { interval: plan.interval, seats: plan.seats });
}
