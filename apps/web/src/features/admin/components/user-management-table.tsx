import { USER_ROLES, type AdminUserRow, type UserRole } from '@qrd/contracts';
import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import type { User } from '../../../lib/user';
import { useDeleteUser, useSetUserRole, useSetUserStatus } from '../api/admin-users';
import { ConfirmDialog } from './confirm-dialog';
import { AccountStatusBadge, ROLE_LABELS, RoleBadge } from './user-badges';
import { ScrollRegion } from '../../../components/ui/scroll-region';

type Pending =
  | { kind: 'status'; user: AdminUserRow; status: AdminUserRow['status'] }
  | { kind: 'role'; user: AdminUserRow; role: UserRole }
  | { kind: 'delete'; user: AdminUserRow };

const th = 'px-4 py-2 text-start font-medium whitespace-nowrap';

const messages = defineMessages<string>({
  error: { id: 'analytics.admin.manage.error', defaultMessage: 'Error' },
  statusFailed: { id: 'analytics.admin.manage.statusFailed', defaultMessage: 'Failed to update user status. Please try again.' },
  activated: { id: 'analytics.admin.manage.activated', defaultMessage: 'User Activated' },
  suspended: { id: 'analytics.admin.manage.suspended', defaultMessage: 'User Suspended' },
  statusDone: {
    id: 'analytics.admin.manage.statusDone',
    defaultMessage: 'User account has been {status, select, active {activated} other {suspended}} successfully.',
  },
  deleteFailed: { id: 'analytics.admin.manage.deleteFailed', defaultMessage: 'Failed to delete the account. Please try again.' },
  deleted: { id: 'analytics.admin.manage.deleted', defaultMessage: 'Account Deleted' },
  deletedDone: { id: 'analytics.admin.manage.deletedDone', defaultMessage: "{name}'s account has been deleted and they have been told by email." },
  roleFailed: { id: 'analytics.admin.manage.roleFailed', defaultMessage: 'Failed to update user role. Please try again.' },
  roleUpdated: { id: 'analytics.admin.manage.roleUpdated', defaultMessage: 'Role Updated' },
  roleDone: {
    id: 'analytics.admin.manage.roleDone',
    defaultMessage: '{name} is now {role, select, superadmin {superadmin} admin {admin} other {user}}.',
  },
  label: { id: 'analytics.admin.manage.label', defaultMessage: 'User management' },
  user: { id: 'analytics.admin.column.user', defaultMessage: 'User' },
  status: { id: 'analytics.admin.column.status', defaultMessage: 'Status' },
  role: { id: 'analytics.admin.column.role', defaultMessage: 'Role' },
  actions: { id: 'analytics.admin.column.actions', defaultMessage: 'Actions' },
  you: { id: 'analytics.admin.manage.you', defaultMessage: '(you)' },
  roleOf: { id: 'analytics.admin.manage.roleOf', defaultMessage: 'Role of {name}' },
  activateLabel: { id: 'analytics.admin.manage.activateLabel', defaultMessage: 'Activate {name}' },
  suspendLabel: { id: 'analytics.admin.manage.suspendLabel', defaultMessage: 'Suspend {name}' },
  activate: { id: 'analytics.admin.manage.activate', defaultMessage: 'Activate' },
  suspend: { id: 'analytics.admin.manage.suspend', defaultMessage: 'Suspend' },
  deleteLabel: { id: 'analytics.admin.manage.deleteLabel', defaultMessage: 'Delete {name}' },
  delete: { id: 'analytics.admin.manage.delete', defaultMessage: 'Delete' },
  roleTitle: { id: 'analytics.admin.manage.roleTitle', defaultMessage: "Change {name}'s role?" },
  roleDescription: {
    id: 'analytics.admin.manage.roleDescription',
    defaultMessage:
      '{name} becomes {role, select, superadmin {superadmin} admin {admin} other {user}}. They are signed out everywhere and the new role applies from their next sign-in.',
  },
  roleConfirm: { id: 'analytics.admin.manage.roleConfirm', defaultMessage: 'Change Role' },
  deleteTitle: { id: 'analytics.admin.manage.deleteTitle', defaultMessage: "Delete {name}'s account?" },
  deleteDescription: {
    id: 'analytics.admin.manage.deleteDescription',
    defaultMessage:
      "{name}'s subscription is cancelled at once, their QR codes stop working for good, and their profile, codes and scans are erased. They are told by email. This cannot be undone.",
  },
  deleteConfirm: { id: 'analytics.admin.manage.deleteConfirm', defaultMessage: 'Delete Account' },
  suspendTitle: { id: 'analytics.admin.manage.suspendTitle', defaultMessage: 'Suspend {name}?' },
  suspendDescription: {
    id: 'analytics.admin.manage.suspendDescription',
    defaultMessage: '{name} is signed out everywhere and cannot sign in, and their QR codes stop redirecting until the account is activated again.',
  },
  suspendConfirm: { id: 'analytics.admin.manage.suspendConfirm', defaultMessage: 'Suspend User' },
  activateTitle: { id: 'analytics.admin.manage.activateTitle', defaultMessage: 'Activate {name}?' },
  activateDescription: {
    id: 'analytics.admin.manage.activateDescription',
    defaultMessage: '{name} can sign in again, and their QR codes redirect again if their subscription is active.',
  },
  activateConfirm: { id: 'analytics.admin.manage.activateConfirm', defaultMessage: 'Activate User' },
});
const td = 'px-4 py-3 align-middle';

/**
 * The spec's second table made real: activate or suspend any account (with confirmation), and
 * for a superadmin, change roles. Nobody acts on their own account here.
 */
export function UserManagementTable({ users, viewer }: { users: AdminUserRow[]; viewer: User }) {
  const intl = useIntl();
  const [pending, setPending] = useState<Pending | null>(null);
  const statusMutation = useSetUserStatus();
  const roleMutation = useSetUserRole();
  const deleteMutation = useDeleteUser();
  const busy = statusMutation.isPending || roleMutation.isPending || deleteMutation.isPending;
  const canChangeRoles = viewer.role === 'superadmin';

  async function confirm() {
    if (!pending) return;
    if (pending.kind === 'status') {
      const { user, status } = pending;
      try {
        await statusMutation.mutateAsync({ id: user.id, status });
      } catch (error) {
        toast({
          variant: 'destructive',
          title: intl.formatMessage(messages.error),
          description: getErrorMessage(error, intl.formatMessage(messages.statusFailed)),
        });
        setPending(null);
        return;
      }
      const activated = status === 'active';
      toast({
        title: intl.formatMessage(activated ? messages.activated : messages.suspended),
        description: intl.formatMessage(messages.statusDone, { status }),
      });
    } else if (pending.kind === 'delete') {
      const { user } = pending;
      try {
        await deleteMutation.mutateAsync({ id: user.id });
      } catch (error) {
        toast({ variant: 'destructive', title: intl.formatMessage(messages.error), description: getErrorMessage(error, intl.formatMessage(messages.deleteFailed)) });
        setPending(null);
        return;
      }
      toast({ title: intl.formatMessage(messages.deleted), description: intl.formatMessage(messages.deletedDone, { name: user.username }) });
    } else {
      const { user, role } = pending;
      try {
        await roleMutation.mutateAsync({ id: user.id, role });
      } catch (error) {
        toast({
          variant: 'destructive',
          title: intl.formatMessage(messages.error),
          description: getErrorMessage(error, intl.formatMessage(messages.roleFailed)),
        });
        setPending(null);
        return;
      }
      toast({ title: intl.formatMessage(messages.roleUpdated), description: intl.formatMessage(messages.roleDone, { name: user.username, role }) });
    }
    setPending(null);
  }

  const dialog = describe(intl, pending);
  const label = intl.formatMessage(messages.label);

  return (
    <>
      <ScrollRegion label={label}>
        <table className="w-full min-w-[40rem] text-sm" aria-label={label}>
          <thead className="bg-muted/60 text-start">
            <tr>
              <th scope="col" className={th}>{intl.formatMessage(messages.user)}</th>
              <th scope="col" className={th}>{intl.formatMessage(messages.status)}</th>
              <th scope="col" className={th}>{intl.formatMessage(messages.role)}</th>
              <th scope="col" className={`${th} text-end`}>{intl.formatMessage(messages.actions)}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {users.map((user) => {
              const self = user.id === viewer.id;
              const suspended = user.status === 'suspended';
              return (
                <tr key={user.id}>
                  <td className={td}>
                    <span className="block font-medium">
                      {user.username}
                      {self && <span className="ms-2 text-xs font-normal text-muted-foreground">{intl.formatMessage(messages.you)}</span>}
                    </span>
                    <span className="block text-xs break-all text-muted-foreground">{user.email}</span>
                  </td>
                  <td className={td}>
                    <AccountStatusBadge status={user.status} />
                  </td>
                  <td className={td}>
                    {canChangeRoles && !self ? (
                      <select
                        aria-label={intl.formatMessage(messages.roleOf, { name: user.username })}
                        value={user.role}
                        disabled={busy}
                        onChange={(event) => setPending({ kind: 'role', user, role: event.target.value as UserRole })}
                        className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {USER_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {intl.formatMessage(ROLE_LABELS[role])}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <RoleBadge role={user.role} />
                    )}
                  </td>
                  <td className={`${td} text-end`}>
                    <Button
                      size="sm"
                      variant={suspended ? 'default' : 'outline'}
                      className={suspended ? undefined : 'text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300'}
                      disabled={self || busy}
                      aria-label={intl.formatMessage(suspended ? messages.activateLabel : messages.suspendLabel, { name: user.username })}
                      onClick={() => setPending({ kind: 'status', user, status: suspended ? 'active' : 'suspended' })}
                    >
                      {intl.formatMessage(suspended ? messages.activate : messages.suspend)}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="ms-2 text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
                      disabled={self || busy || (user.role !== 'user' && !canChangeRoles)}
                      aria-label={intl.formatMessage(messages.deleteLabel, { name: user.username })}
                      onClick={() => setPending({ kind: 'delete', user })}
                    >
                      {intl.formatMessage(messages.delete)}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <ConfirmDialog
        open={pending !== null}
        title={dialog.title}
        description={dialog.description}
        confirmLabel={dialog.confirmLabel}
        destructive={dialog.destructive}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

function describe(intl: IntlShape, pending: Pending | null) {
  if (!pending) return { title: '', description: '', confirmLabel: '', destructive: false };
  const name = pending.user.username;
  if (pending.kind === 'role') {
    return {
      title: intl.formatMessage(messages.roleTitle, { name }),
      description: intl.formatMessage(messages.roleDescription, { name, role: pending.role }),
      confirmLabel: intl.formatMessage(messages.roleConfirm),
      destructive: false,
    };
  }
  if (pending.kind === 'delete') {
    return {
      title: intl.formatMessage(messages.deleteTitle, { name }),
      description: intl.formatMessage(messages.deleteDescription, { name }),
      confirmLabel: intl.formatMessage(messages.deleteConfirm),
      destructive: true,
    };
  }
  if (pending.status === 'suspended') {
    return {
      title: intl.formatMessage(messages.suspendTitle, { name }),
      description: intl.formatMessage(messages.suspendDescription, { name }),
      confirmLabel: intl.formatMessage(messages.suspendConfirm),
      destructive: true,
    };
  }
  return {
    title: intl.formatMessage(messages.activateTitle, { name }),
    description: intl.formatMessage(messages.activateDescription, { name }),
    confirmLabel: intl.formatMessage(messages.activateConfirm),
    destructive: false,
  };
}
