import { useSyncExternalStore } from 'react';
import { currentWorkspaceId, onWorkspaceChange } from '../lib/workspace';

/** The id of the workspace the app acts in, or null for the personal one; re-renders when it changes. */
export function useWorkspaceId(): string | null {
  return useSyncExternalStore(onWorkspaceChange, currentWorkspaceId, () => null);
}
