import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DesignTemplateView, QrDesignInput } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { designTemplateKeys } from './keys';

/** GET /api/design-templates: the account's saved designs, newest first. */
export function useDesignTemplates() {
  return useQuery({ queryKey: designTemplateKeys.all, queryFn: () => api.get<DesignTemplateView[]>('/api/design-templates') });
}

/** POST /api/design-templates {name, design, codeId}: the design as it is now, with the code's logo. */
export function useCreateDesignTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; design: QrDesignInput; codeId: string }) => api.post<DesignTemplateView>('/api/design-templates', input),
    onSuccess: () => client.invalidateQueries({ queryKey: designTemplateKeys.all }),
  });
}

/** DELETE /api/design-templates/{id}. */
export function useDeleteDesignTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/design-templates/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: designTemplateKeys.all }),
  });
}
