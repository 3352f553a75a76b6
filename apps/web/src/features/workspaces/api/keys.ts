/** Every cached answer about workspaces, by one factory (the list itself: lib/auth's workspacesQueryOptions, under `all`). */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  members: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'members'] as const,
  invitation: (token: string) => [...workspaceKeys.all, 'invitation', token] as const,
  audit: (workspaceId: string, action: string | null) => [...workspaceKeys.all, workspaceId, 'audit', action] as const,
};
