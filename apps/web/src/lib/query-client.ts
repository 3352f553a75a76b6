import { QueryClient } from '@tanstack/react-query';

/** Spec section 7 defaults: no retries, no refetch on focus, cached data never goes stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
