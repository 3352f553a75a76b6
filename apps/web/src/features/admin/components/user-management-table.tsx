import { USER_ROLES, type AdminUserRow, type UserRole } from '@qrd/contracts';
import { useState } from 'react';
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

const th = 'px-4 py-2 font-medium whitespace-nowrap';
const td = 'px-4 py-3 align-middle';

/**
 * The spec's second table made real: activate or suspend any account (with confirmation), and
 * for a superadmin, change roles. Nobody acts on their own account here.
 */
export function UserManagementTable({ users, viewer }: { users: AdminUserRow[]; viewer: User }) {
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
          title: 'Error',
          description: getErrorMessage(error, 'Failed to update user status. Please try again.'),
        });
        setPending(null);
        return;
      }
      const activated = status === 'active';
      toast({
        title: activated ? 'User Activated' : 'User Suspended',
        description: `User account has been ${activated ? 'activated' : 'suspended'} successfully.`,
      });
    } else if (pending.kind === 'delete') {
      const { user } = pending;
      try {
        await deleteMutation.mutateAsync({ id: user.id });
      } catch (error) {
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to delete the account. Please try again.') });
        setPending(null);
        return;
      }
      toast({ title: 'Account Deleted', description: `${user.username}'s account has been deleted and they have been told by email.` });
    } else {
      const { user, role } = pending;
      try {
        await roleMutation.mutateAsync({ id: user.id, role });
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error, 'Failed to update user role. Please try again.'),
        });
        setPending(null);
        return;
      }
      toast({ title: 'Role Updated', description: `${user.username} is now ${ROLE_LABELS[role].toLowerCase()}.` });
    }
    setPending(null);
  }

  const dialog = describe(pending);

  return (
    <>
      <ScrollRegion label="User management">
        <table className="w-full min-w-[40rem] text-sm" aria-label="User management">
          <thead className="bg-muted/60 text-left">
            <tr>
              <th scope="col" className={th}>User</th>
              <th scope="col" className={th}>Status</th>
              <th scope="col" className={th}>Role</th>
              <th scope="col" className={`${th} text-right`}>Actions</th>
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
                      {self && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>}
                    </span>
                    <span className="block text-xs break-all text-muted-foreground">{user.email}</span>
                  </td>
                  <td className={td}>
                    <AccountStatusBadge status={user.status} />
                  </td>
                  <td className={td}>
                    {canChangeRoles && !self ? (
                      <select
                        aria-label={`Role of ${user.username}`}
                        value={user.role}
                        disabled={busy}
                        onChange={(event) => setPending({ kind: 'role', user, role: event.target.value as UserRole })}
                        className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {USER_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <RoleBadge role={user.role} />
                    )}
                  </td>
                  <td className={`${td} text-right`}>
                    <Button
                      size="sm"
                      variant={suspended ? 'default' : 'outline'}
                      className={suspended ? undefined : 'text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300'}
                      disabled={self || busy}
                      aria-label={`${suspended ? 'Activate' : 'Suspend'} ${user.username}`}
                      onClick={() => setPending({ kind: 'status', user, status: suspended ? 'active' : 'suspended' })}
                    >
                      {suspended ? 'Activate' : 'Suspend'}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="ml-2 text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
                      disabled={self || busy || (user.role !== 'user' && !canChangeRoles)}
                      aria-label={`Delete ${user.username}`}
                      onClick={() => setPending({ kind: 'delete', user })}
                    >
                      Delete
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

function describe(pending: Pending | null) {
  if (!pending) return { title: '', description: '', confirmLabel: '', destructive: false };
  const name = pending.user.username;
  if (pending.kind === 'role') {
    return {
      title: `Change ${name}'s role?`,
      description: `${name} becomes ${ROLE_LABELS[pending.role].toLowerCase()}. They are signed out everywhere and the new role applies from their next sign-in.`,
      confirmLabel: 'Change Role',
      destructive: false,
    };
  }
  if (pending.kind === 'delete') {
    return {
      title: `Delete ${name}'s account?`,
      description: `${name}'s subscription is cancelled at once, their QR codes stop working for good, and their profile, codes and scans are erased. They are told by email. This cannot be undone.`,
      confirmLabel: 'Delete Account',
      destructive: true,
    };
  }
  if (pending.status === 'suspended') {
    return {
      title: `Suspend ${name}?`,
      description: `${name} is signed out everywhere and cannot sign in, and their QR codes stop redirecting until the account is activated again.`,
      confirmLabel: 'Suspend User',
      destructive: true,
    };
  }
  return {
    title: `Activate ${name}?`,
    description: `${name} can sign in again, and their QR codes redirect again if their subscription is active.`,
    confirmLabel: 'Activate User',
    destructive: false,
  };
}
