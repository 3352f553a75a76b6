/**
 * The workspace the app acts in (docs/workspaces.md): sent as X-Workspace with every API request,
 * remembered in this browser per account (the last one used). None chosen, or another account's
 * choice, means the signed-in account's personal workspace, which needs no header.
 */
const STORAGE_KEY = 'qrd.workspace';
export const WORKSPACE_HEADER = 'X-Workspace';

interface Choice {
  userId: string;
  workspaceId: string;
}

let signedIn: string | null = null;
let choice: Choice | null = read();
const listeners = new Set<() => void>();

function read(): Choice | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Choice> | null;
    return parsed && typeof parsed.userId === 'string' && typeof parsed.workspaceId === 'string' ? { userId: parsed.userId, workspaceId: parsed.workspaceId } : null;
  } catch {
    return null;
  }
}

/** The workspace requests act in now, or null for the personal one. */
export function currentWorkspaceId(): string | null {
  return choice && choice.userId === signedIn && choice.workspaceId !== signedIn ? choice.workspaceId : null;
}

/** Who is signed in (null when nobody is): another account's remembered choice is not used. */
export function setSignedInUser(userId: string | null): void {
  if (signedIn === userId) return;
  signedIn = userId;
  listeners.forEach((listener) => listener());
}

/** Acts in `workspaceId` from now on (the personal one with null), and remembers it for this account. */
export function chooseWorkspace(workspaceId: string | null): void {
  if (!signedIn) return;
  choice = { userId: signedIn, workspaceId: workspaceId ?? signedIn };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Private browsing without storage: the choice lasts until the page is reloaded.
  }
  listeners.forEach((listener) => listener());
}

/** Calls `listener` whenever the workspace acted in may have changed; returns the unsubscribe. */
export function onWorkspaceChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header that names the workspace, when it is not the personal one. */
export function workspaceHeaders(): Record<string, string> {
  const id = currentWorkspaceId();
  return id ? { [WORKSPACE_HEADER]: id } : {};
}

/**
 * While the app acts in a shared workspace, the address bar says so (/w/{workspace}/{page}), so the
 * address can be copied and shared: a member who opens it lands on the page in that workspace.
 * The router keeps the page's own path; only the visible address carries the prefix (replaced, so
 * history gains no entry).
 */
export function showWorkspaceInAddress(): void {
  const id = currentWorkspaceId();
  if (!id) return;
  const { pathname, search, hash } = window.location;
  if (pathname.startsWith('/w/')) return;
  window.history.replaceState(window.history.state, '', `/w/${encodeURIComponent(id)}${pathname}${search}${hash}`);
}
