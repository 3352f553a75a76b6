import type { AdminUserRow } from '@qrd/contracts';
import { formatCount, formatDate } from '../api/format';
import { AccountStatusBadge, planLabel, RoleBadge, SubscriptionBadge } from './user-badges';
import { ScrollRegion } from '../../../components/ui/scroll-region';

const th = 'px-4 py-2 font-medium whitespace-nowrap';
const td = 'px-4 py-3 align-top';

function fullName(user: AdminUserRow): string {
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
}

/** Spec's "All User Accounts": one row per user with status, role, plan, codes, scans and joined date. */
export function AllUsersTable({ users }: { users: AdminUserRow[] }) {
  return (
    <ScrollRegion label="All user accounts">
      <table className="w-full min-w-[56rem] text-sm" aria-label="All user accounts">
        <thead className="bg-muted/60 text-left">
          <tr>
            <th scope="col" className={th}>User</th>
            <th scope="col" className={th}>Email</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Role</th>
            <th scope="col" className={th}>Subscription</th>
            <th scope="col" className={th}>Plan</th>
            <th scope="col" className={`${th} text-right`}>Codes</th>
            <th scope="col" className={`${th} text-right`}>Scans</th>
            <th scope="col" className={th}>Joined</th>
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
              <td className={`${td} whitespace-nowrap`}>{planLabel(user.plan)}</td>
              <td className={`${td} text-right tabular-nums`} title={user.codes === null ? 'Not available right now' : undefined}>
                {formatCount(user.codes)}
              </td>
              <td className={`${td} text-right tabular-nums`} title={user.scans === null ? 'Not available right now' : undefined}>
                {formatCount(user.scans)}
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatDate(user.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
