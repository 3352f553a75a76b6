import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { currentWorkspaceId, onWorkspaceChange, showWorkspaceInAddress } from '../lib/workspace';

/** The id of the workspace the app acts in, or null for the personal one; re-renders when it changes. */
export function useWorkspaceId(): string | null {
  return useSyncExternalStore(onWorkspaceChange, currentWorkspaceId, () => null);
}

/** Puts the shared workspace acted in into the address bar after every navigation of a signed-in page. */
export function useWorkspaceInAddress(): void {
  const { key } = useLocation();
  const workspaceId = useWorkspaceId();
  useEffect(() => showWorkspaceInAddress(), [key, workspaceId]);
}
