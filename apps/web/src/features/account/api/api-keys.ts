import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView, CreateApiKeyDto, CreatedApiKey } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

/** GET /api/api-keys -> the account's keys, newest first (revoked ones included). */
export function getApiKeys(): Promise<ApiKeyView[]> {
  return api.get<ApiKeyView[]>('/api/api-keys');
}

/** POST /api/api-keys {name, scope, expiresOn?} -> 201 and the key, shown this once. */
export function createApiKey(input: CreateApiKeyDto): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>('/api/api-keys', input);
}

/** DELETE /api/api-keys/{id} -> 204; the key stops working at once. */
export function revokeApiKey(id: string): Promise<void> {
  return api.delete<void>(`/api/api-keys/${encodeURIComponent(id)}`);
}

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeyKeys.list(), queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
