import type { AdminUserRow } from '@qrd/contracts';
import { defineMessages, useIntl } from 'react-intl';
import { formatCount, formatDate } from '../api/format';
import { AccountStatusBadge, planLabel, RoleBadge, SubscriptionBadge } from './user-badges';
import { ScrollRegion } from '../../../components/ui/scroll-region';

const th = 'px-4 py-2 text-start font-medium whitespace-nowrap';
const td = 'px-4 py-3 align-top';

function fullName(user: AdminUserRow): string {
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
}

const messages = defineMessages({
  label: { id: 'analytics.admin.allUsers.label', defaultMessage: 'All user accounts' },
  user: { id: 'analytics.admin.column.user', defaultMessage: 'User' },
  email: { id: 'analytics.admin.column.email', defaultMessage: 'Email' },
  status: { id: 'analytics.admin.column.status', defaultMessage: 'Status' },
  role: { id: 'analytics.admin.column.role', defaultMessage: 'Role' },
  subscription: { id: 'analytics.admin.column.subscription', defaultMessage: 'Subscription' },
  plan: { id: 'analytics.admin.column.plan', defaultMessage: 'Plan' },
  codes: { id: 'analytics.admin.column.codes', defaultMessage: 'Codes' },
  scans: { id: 'analytics.admin.column.scans', defaultMessage: 'Scans' },
  joined: { id: 'analytics.admin.column.joined', defaultMessage: 'Joined' },
  notAvailable: { id: 'analytics.admin.allUsers.notAvailable', defaultMessage: 'Not available right now' },
});

/** Spec's "All User Accounts": one row per user with status, role, plan, codes, scans and joined date. */
export function AllUsersTable({ users }: { users: AdminUserRow[] }) {
  const intl = useIntl();
  const label = intl.formatMessage(messages.label);
  const notAvailable = intl.formatMessage(messages.notAvailable);
  return (
    <ScrollRegion label={label}>
      <table className="w-full min-w-[56rem] text-sm" aria-label={label}>
        <thead className="bg-muted/60 text-start">
          <tr>
            <th scope="col" className={th}>{intl.formatMessage(messages.user)}</th>
            <th scope="col" className={th}>{intl.formatMessage(messages.email)}</th>
            <th scope="col" className={th}>{intl.formatMessage(messages.status)}</th>
            <th scope="col" className={th}>{intl.formatMessage(messages.role)}</th>
            <th scope="col" className={th}>{intl.formatMessage(messages.subscription)}</th>
            <th scope="col" className={th}>{intl.formatMessage(messages.plan)}</th>
            <th scope="col" className={`${th} text-end`}>{intl.formatMessage(messages.codes)}</th>
            <th scope="col" className={`${th} text-end`}>{intl.formatMessage(messages.scans)}</th>
            <th scope="col" className={th}>{intl.formatMessage(messages.joined)}</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {users.map((user) => (
            <tr key={user.id}>
              <td className={td}>
                <span className="block font-medium">{user.username}</span>
                {fullName(user) && <span className="block text-xs text-muted-foreground">{fullName(user)}</span>}
              </td>
              <td className={`${td} whitespace-nowrap`}>{user.email}</td>
              <td className={td}>
                <AccountStatusBadge status={user.status} />
              </td>
              <td className={td}>
                <RoleBadge role={user.role} />
              </td>
              <td className={td}>
                <SubscriptionBadge plan={user.plan} />
              </td>
              <td className={`${td} whitespace-nowrap`}>{planLabel(intl, user.plan)}</td>
              <td className={`${td} text-end tabular-nums`} title={user.codes === null ? notAvailable : undefined}>
                {formatCount(intl, user.codes)}
              </td>
              <td className={`${td} text-end tabular-nums`} title={user.scans === null ? notAvailable : undefined}>
                {formatCount(intl, user.scans)}
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatDate(intl, user.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
