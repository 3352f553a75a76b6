import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { toast } from '../hooks/use-toast';
import { api, getErrorMessage, isApiError } from './api-client';
import { paths } from './paths';
import { can, type WorkspacePermission, type WorkspaceView } from '@qrd/contracts';
import type { User } from './user';
import { setSignedInUser } from './workspace';
import { useWorkspaceId } from '../hooks/use-workspace-id';

/** Session state (spec section 4): the cached answer of GET /api/auth/user; null means logged out. */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

export async function getUser(): Promise<User | null> {
  try {
    const user = await api.get<User>('/api/auth/user');
    setSignedInUser(user.id);
    return user;
  } catch (error) {
    if (!isApiError(error, 401)) console.error('Failed to fetch user', error);
    setSignedInUser(null);
    return null;
  }
}

/** POST /api/logout -> 204; the session cookie is cleared. */
export function logout(): Promise<void> {
  return api.post<void>('/api/logout');
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: getUser,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useUser() {
  return useQuery(userQueryOptions());
}

/** The signed-in user as already known (never asks the server): for labels inside signed-in screens. */
export function useKnownUser(): User | null | undefined {
  return useQuery({ ...userQueryOptions(), enabled: false }).data;
}

/** After login, registration or a profile change the returned user replaces the cached one. */
export function useSetUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User | null) => {
      setSignedInUser(user?.id ?? null);
      queryClient.setQueryData(authKeys.user(), user);
    },
    [queryClient],
  );
}

/**
 * Leaves for `redirectTo` and forgets every cached answer of the user who was signed in (after a
 * logout, or once the account is gone).
 */
export function useLeaveSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (redirectTo: string) => {
      // Leave first, synchronously (not in a transition), so the protected page being left is gone
      // before the user is cleared and cannot redirect to the login screen instead.
      await navigate(redirectTo, { flushSync: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      setSignedInUser(null);
      queryClient.setQueryData(authKeys.user(), null);
    },
    [navigate, queryClient],
  );
}

/** POST /api/logout, then forget every cached answer of this user and leave (spec: to /). */
export function useLogout() {
  const leaveSession = useLeaveSession();
  const intl = useIntl();
  const mutation = useMutation({ mutationFn: logout });
  const { mutateAsync } = mutation;

  const leave = useCallback(
    async (redirectTo: string = paths.home) => {
      try {
        await mutateAsync();
      } catch (error) {
        // A 401 means the session had already ended: the user is logged out either way.
        if (!isApiError(error, 401)) {
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'site.logout.failed', defaultMessage: 'Logout failed' }),
            description: getErrorMessage(error, intl.formatMessage({ id: 'site.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
          });
          return;
        }
      }
      await leaveSession(redirectTo);
      toast({
        title: intl.formatMessage({ id: 'site.logout.done', defaultMessage: 'Logged out' }),
        description: intl.formatMessage({ id: 'site.logout.doneDescription', defaultMessage: 'You have been logged out successfully' }),
      });
    },
    [mutateAsync, leaveSession, intl],
  );

  return { logout: leave, isPending: mutation.isPending };
}

/** GET /api/workspaces: the signed-in user's workspaces, personal first, with their role in each. */
export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: ['workspaces', 'list'] as const, queryFn: () => api.get<WorkspaceView[]>('/api/workspaces') });

/**
 * Whether the user's role in the workspace the app acts in holds `permission`: always in their
 * personal workspace (asked nothing); in a shared one, once its role is known (not while it loads).
 * The UI hides what a role cannot do with it; the server is the guard.
 */
export function useCan(permission: WorkspacePermission): boolean {
  const chosen = useWorkspaceId();
  const workspaces = useQuery({ ...workspacesQueryOptions(), enabled: chosen !== null });
  if (chosen === null) return true;
  const workspace = workspaces.data?.find((candidate) => candidate.id === chosen);
  return !!workspace && can(workspace.role, permission);
}
