/** The characters PageVisitDto accepts in a path (libs/contracts); anything else becomes '-'. */
const REFUSED_CHARACTERS = /[^A-Za-z0-9\-/:#]/g;
const MAX_PATH_LENGTH = 100;

/**
 * The path as the gateway accepts it. Ids and tokens stay in place (the gateway folds them, so
 * /edit-qr/{id} counts as one page); only characters the DTO refuses are replaced.
 */
export function pageVisitPath(pathname: string): string {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return path.replace(REFUSED_CHARACTERS, '-').slice(0, MAX_PATH_LENGTH);
}

/**
 * POST /api/page-visits {path} -> 204. Fire and forget: nothing waits for it, a failure is
 * ignored, and `keepalive` lets it finish when the visitor is already leaving the site.
 */
export function recordPageVisit(pathname: string): void {
  try {
    void fetch('/api/page-visits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: pageVisitPath(pathname) }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A browser without fetch or keepalive just does not count the view.
  }
}
