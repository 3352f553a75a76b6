import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDomainStatusDto, DomainView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { ADMIN_READ_RETRY, useIsAdmin } from './admin-users';
import { adminKeys } from './keys';

/** A custom domain as the back office lists it: with the workspace it belongs to. */
export type AdminDomainView = DomainView & { workspaceId: string };

/** GET /api/admin/domains -> every workspace's custom domains. */
export function useAdminDomains() {
  const enabled = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.domains(),
    queryFn: () => api.get<AdminDomainView[]>('/api/admin/domains'),
    enabled,
    retry: ADMIN_READ_RETRY,
    staleTime: 0,
  });
}

/**
 * POST /api/admin/domains/{id}/status {disabled, reason?} -> the domain: disabled, its links answer
 * "not found" and its managers are mailed the reason; enabled, it is checked again at once.
 */
export function useSetDomainDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...status }: AdminDomainStatusDto & { id: string }) =>
      api.post<DomainView>(`/api/admin/domains/${encodeURIComponent(id)}/status`, status),
    onSuccess: (domain) => {
      queryClient.setQueryData<AdminDomainView[]>(adminKeys.domains(), (list) => list?.map((known) => (known.id === domain.id ? { ...known, ...domain } : known)));
      return queryClient.invalidateQueries({ queryKey: adminKeys.domains() });
    },
  });
}
