import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPage } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { hostedPageKeys } from './keys';

/** GET /api/public/pages/{slug}: 404 for no such page, 410 while the code is not active. */
export function getPublicPage(slug: string, signal?: AbortSignal): Promise<PublicPage> {
  return api.get<PublicPage>(`/api/public/pages/${encodeURIComponent(slug)}`, { signal });
}

export function publicPageQuery(slug: string) {
  return queryOptions({ queryKey: hostedPageKeys.page(slug), queryFn: ({ signal }) => getPublicPage(slug, signal), retry: false });
}

export function usePublicPage(slug: string) {
  return useQuery(publicPageQuery(slug));
}
