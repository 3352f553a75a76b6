import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditAction, AuditPage, InvitableRole, InvitationPreview, InvitationView, RegisterDto, UserView, WorkspaceMembersView, WorkspaceRole, WorkspaceView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { authKeys, workspacesQueryOptions } from '../../../lib/auth';
import { workspaceKeys } from './keys';

const base = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;

// The list's query lives with the session (lib/auth), which every screen's permission check reads.
export { workspacesQueryOptions };

/**
 * `watch`: asked again every second while the app acts in a shared workspace, so a member removed
 * from it leaves it within a second, open page included.
 */
export function useWorkspaces(enabled = true, watch = false) {
  return useQuery({ ...workspacesQueryOptions(), enabled, refetchInterval: watch ? 1000 : false, refetchIntervalInBackground: false });
}

export function useMembers(workspaceId: string) {
  return useQuery({ queryKey: workspaceKeys.members(workspaceId), queryFn: () => api.get<WorkspaceMembersView>(`${base(workspaceId)}/members`) });
}

/** After any change the members (and the member counts of the list) are asked again. */
function useMembersMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

export function useInvite(workspaceId: string) {
  return useMembersMutation((input: { email: string; role: InvitableRole }) => api.post<InvitationView>(`${base(workspaceId)}/invitations`, input));
}

export function useResendInvitation(workspaceId: string) {
  return useMembersMutation((id: string) => api.post<InvitationView>(`${base(workspaceId)}/invitations/${encodeURIComponent(id)}/resend`));
}

export function useRevokeInvitation(workspaceId: string) {
  return useMembersMutation((id: string) => api.delete<InvitationView>(`${base(workspaceId)}/invitations/${encodeURIComponent(id)}`));
}

export function useChangeRole(workspaceId: string) {
  return useMembersMutation(({ userId, role }: { userId: string; role: WorkspaceRole }) =>
    api.patch<WorkspaceMembersView>(`${base(workspaceId)}/members/${encodeURIComponent(userId)}`, { role }),
  );
}

export function useRemoveMember(workspaceId: string) {
  return useMembersMutation((userId: string) => api.delete<void>(`${base(workspaceId)}/members/${encodeURIComponent(userId)}`));
}

/** A new shared workspace; the signed-in user owns it (and the count that shows the switcher changes). */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<WorkspaceView>('/api/workspaces', { name }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: workspaceKeys.all }), queryClient.invalidateQueries({ queryKey: authKeys.all })]),
  });
}

export function useRenameWorkspace(workspaceId: string) {
  return useMembersMutation((name: string) => api.patch<WorkspaceView>(base(workspaceId), { name }));
}

/** Deletes a shared workspace (its owner's password): its codes stop redirecting and its data goes. */
export function useDeleteWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) => api.delete<void>(base(workspaceId), { body: { currentPassword } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: workspaceKeys.all }), queryClient.invalidateQueries({ queryKey: authKeys.all })]),
  });
}

export function useOfferTransfer(workspaceId: string) {
  return useMembersMutation((userId: string) => api.post<WorkspaceView>(`${base(workspaceId)}/transfer`, { userId }));
}

export function useAcceptTransfer(workspaceId: string) {
  return useMembersMutation(() => api.post<WorkspaceView>(`${base(workspaceId)}/transfer/accept`));
}

/** Withdrawn by an owner, declined by the member offered. */
export function useCancelTransfer(workspaceId: string) {
  return useMembersMutation(() => api.delete<void>(`${base(workspaceId)}/transfer`));
}

/** GET /api/invitations/{token}: what the link's page shows, signed in or not. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: workspaceKeys.invitation(token),
    queryFn: () => api.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WorkspaceView>(`/api/invitations/${encodeURIComponent(token)}/accept`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

/** POST /api/register with the invitation's token: a new account, no payment, joined to the workspace. */
export function registerInvited(input: Pick<RegisterDto, 'username' | 'email' | 'password' | 'invitationToken'>): Promise<UserView> {
  return api.post<UserView>('/api/register', input);
}

/** The workspace's audit log, newest first, a page at a time (admins and owners). */
export function useAuditLog(workspaceId: string, action: AuditAction | null) {
  return useInfiniteQuery({
    queryKey: workspaceKeys.audit(workspaceId, action),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: '25' });
      if (action) query.set('action', action);
      if (pageParam) query.set('cursor', pageParam);
      return api.get<AuditPage>(`${base(workspaceId)}/audit?${query.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const auditCsvHref = (workspaceId: string, action: AuditAction | null) =>
  `${base(workspaceId)}/audit.csv${action ? `?action=${encodeURIComponent(action)}` : ''}`;
