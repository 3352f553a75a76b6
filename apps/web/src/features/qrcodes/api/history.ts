import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityKind, ActivityPage, CodeHistoryPage, CodePage, QrCodeView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { codeKeys } from './keys';

export const HISTORY_PAGE_SIZE = 20;

export interface ActivityFilters {
  codeId: string | null;
  /** A kind of change, 'scans', or null for both. */
  kind: ActivityKind | null;
}

/** GET /api/qrcodes/{id}/history?limit[&cursor] -> {items, nextCursor}, newest first; 404 for a code not the user's. */
export function getCodeHistory(id: string, cursor: string | null, signal?: AbortSignal): Promise<CodeHistoryPage> {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<CodeHistoryPage>(`/api/qrcodes/${encodeURIComponent(id)}/history?${params}`, { signal });
}

/** GET /api/activity?limit[&cursor][&codeId][&kind] -> the scans (per code and hour) and changes of the user's codes, newest first. */
export function getActivity(filters: ActivityFilters, cursor: string | null, signal?: AbortSignal): Promise<ActivityPage> {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  if (filters.codeId) params.set('codeId', filters.codeId);
  if (filters.kind) params.set('kind', filters.kind);
  return api.get<ActivityPage>(`/api/activity?${params}`, { signal });
}

export const codeHistoryQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: codeKeys.history(id),
    queryFn: ({ pageParam, signal }) => getCodeHistory(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const activityQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: codeKeys.activity(filters),
    queryFn: ({ pageParam, signal }) => getActivity(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useCodeHistory(id: string) {
  return useInfiniteQuery(codeHistoryQueryOptions(id));
}

export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery(activityQueryOptions(filters));
}

/** The codes the Recent Activity filter offers: the first 100 by name (an entry's code name filters by any code). */
export const activityCodeChoicesQueryOptions = () =>
  queryOptions({
    queryKey: codeKeys.activityCodeChoices(),
    queryFn: ({ signal }) => api.get<CodePage<QrCodeView>>('/api/qrcodes?limit=100&sort=name&order=asc', { signal }).then((page) => page.items),
  });

export function useActivityCodeChoices() {
  return useQuery(activityCodeChoicesQueryOptions());
}
