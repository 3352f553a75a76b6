/** The link to a page of the app in a workspace (/w/{workspace}/{page}), for members to share. */
export function workspaceHref(workspaceId: string, path: string): string {
  return `/w/${encodeURIComponent(workspaceId)}${path.startsWith('/') ? path : `/${path}`}`;
}
