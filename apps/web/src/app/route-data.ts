import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { routeQueries } from './route-queries';

type RouteQueries = keyof typeof routeQueries;

/** What a route starts loading as the navigation begins: its screen's code and its data. */
interface RouteData {
  /** The route's lazily loaded screen (the same import its `lazy()` uses: asked once). */
  screen?: () => Promise<unknown>;
  /** The queries its screen shows first, by the URL (named in route-queries.ts). */
  queries?: RouteQueries;
}

/**
 * A route loader that asks for a screen's code and data together, as the navigation starts,
 * beside the sign-in check, rather than one after another once the screen has rendered. It never
 * waits: the screen renders at once with its own loading state and takes the answers from the
 * cache (a query already in flight is not asked twice). A failed prefetch is asked again by the
 * screen, which shows the error as it always does.
 */
export function prefetchRoute(queryClient: QueryClient, { screen, queries }: RouteData) {
  return (args: LoaderFunctionArgs): null => {
    if (screen) void screen().catch(() => undefined);
    if (queries) {
      void import('./route-queries')
        .then(({ routeQueries }) => Promise.all(routeQueries[queries](args).map((prefetch) => prefetch(queryClient))))
        .catch(() => undefined);
    }
    return null;
  };
}

