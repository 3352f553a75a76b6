import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { WorkspaceView } from '@qrd/contracts';
import { useWorkspaceId as useCurrentWorkspaceId } from '../../hooks/use-workspace-id';
import { authKeys, useUser } from '../../lib/auth';
import { chooseWorkspace } from '../../lib/workspace';
import { workspaceKeys } from './api/keys';
import { useWorkspaces } from './api/workspaces';

export { useCurrentWorkspaceId };

/** The workspace the app acts in, with the user's role and permissions there (undefined while loading). */
export function useCurrentWorkspace(): WorkspaceView | undefined {
  const { data: user } = useUser();
  const workspaces = useWorkspaces(!!user);
  const id = useCurrentWorkspaceId() ?? user?.id;
  return workspaces.data?.find((workspace) => workspace.id === id);
}

/** Switches the workspace the app acts in, and forgets every answer of the one left (the user excepted). */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useCallback(
    (workspaceId: string | null) => {
      chooseWorkspace(workspaceId);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] && query.queryKey[0] !== workspaceKeys.all[0] });
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );
}
