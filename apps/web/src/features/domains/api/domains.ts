import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateDomainDto, DomainView, UpdateDomainDto } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { domainKeys } from './keys';

const path = (id: string) => `/api/domains/${encodeURIComponent(id)}`;

/** GET /api/domains -> the workspace's custom domains. */
export function getDomains(): Promise<DomainView[]> {
  return api.get<DomainView[]>('/api/domains');
}

/** POST /api/domains {hostname} -> 201 and the new domain (pending) with the DNS records to create. */
export function createDomain(input: CreateDomainDto): Promise<DomainView> {
  return api.post<DomainView>('/api/domains', input);
}

/** PATCH /api/domains/{id} {rootRedirect?, notFoundRedirect?, expiredRedirect?, hsts?} (each redirect a URL, or null for our page). */
export function updateDomain({ id, ...changes }: UpdateDomainDto & { id: string }): Promise<DomainView> {
  return api.patch<DomainView>(path(id), changes);
}

/** DELETE /api/domains/{id} -> 204; 409 while codes use it. */
export function deleteDomain(id: string): Promise<void> {
  return api.delete<void>(path(id));
}

/** POST /api/domains/{id}/check -> the domain after its DNS records were read now. */
export function checkDomain(id: string): Promise<DomainView> {
  return api.post<DomainView>(`${path(id)}/check`, {});
}

export const domainsQueryOptions = () => queryOptions({ queryKey: domainKeys.list(), queryFn: getDomains });

export function useDomains() {
  return useQuery(domainsQueryOptions());
}

const verifiedOnly = (domains: DomainView[]) => domains.filter((domain) => domain.state === 'verified');

/**
 * The verified domains a new code's link may use (none while loading, after a failure, or when the
 * member's role cannot read the workspace's domains: the code then uses the default host).
 */
export function useVerifiedDomains(enabled: boolean): DomainView[] {
  const query = useQuery({ ...domainsQueryOptions(), enabled, select: verifiedOnly });
  return enabled ? (query.data ?? []) : [];
}

/** After any change the list is asked for again; a changed domain (the answer) replaces its old self in it at once. */
function useDomainMutation<I, O>(mutationFn: (input: I) => Promise<O>, changed?: (answer: O) => DomainView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      if (changed) {
        const domain = changed(answer);
        queryClient.setQueryData<DomainView[]>(domainKeys.list(), (list) => list?.map((known) => (known.id === domain.id ? domain : known)));
      }
      return queryClient.invalidateQueries({ queryKey: domainKeys.all });
    },
  });
}

const itself = (domain: DomainView) => domain;

export const useCreateDomain = () => useDomainMutation(createDomain);
export const useUpdateDomain = () => useDomainMutation(updateDomain, itself);
export const useDeleteDomain = () => useDomainMutation(deleteDomain);
export const useCheckDomain = () => useDomainMutation(checkDomain, itself);
