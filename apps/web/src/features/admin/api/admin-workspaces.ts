import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminWorkspacePage } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { ADMIN_READ_RETRY, useIsAdmin } from './admin-users';
import { adminKeys } from './keys';

export const ADMIN_WORKSPACES_PAGE_SIZE = 20;

export interface AdminWorkspacesParams {
  page: number;
  search: string;
  sharedOnly: boolean;
}

/** GET /api/admin/workspaces?page&pageSize&search&shared -> workspaces with members, codes, scans and plan. */
export function useAdminWorkspaces({ page, search, sharedOnly }: AdminWorkspacesParams) {
  const enabled = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.workspacesPage(page, search.trim(), sharedOnly),
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_WORKSPACES_PAGE_SIZE), shared: String(sharedOnly) });
      if (search.trim()) query.set('search', search.trim());
      return api.get<AdminWorkspacePage>(`/api/admin/workspaces?${query}`);
    },
    enabled,
    retry: ADMIN_READ_RETRY,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
