/** Every cached answer about workspaces, by one factory. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  /** The user's workspaces (asked with lib/auth's workspacesQueryOptions, under the same key). */
  list: () => [...workspaceKeys.all, 'list'] as const,
  members: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'members'] as const,
  invitation: (token: string) => [...workspaceKeys.all, 'invitation', token] as const,
  audit: (workspaceId: string, action: string | null) => [...workspaceKeys.all, workspaceId, 'audit', action] as const,
};
