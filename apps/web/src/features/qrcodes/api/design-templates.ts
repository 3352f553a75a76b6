import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DesignTemplateView, QrDesignInput } from '@qrd/contracts';
import { api } from '../../../lib/api-client';

const templatesKey = ['design-templates'] as const;

/** GET /api/design-templates: the account's saved designs, newest first. */
export function useDesignTemplates() {
  return useQuery({ queryKey: templatesKey, queryFn: () => api.get<DesignTemplateView[]>('/api/design-templates') });
}

/** POST /api/design-templates {name, design, codeId}: the design as it is now, with the code's logo. */
export function useCreateDesignTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; design: QrDesignInput; codeId: string }) => api.post<DesignTemplateView>('/api/design-templates', input),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** DELETE /api/design-templates/{id}. */
export function useDeleteDesignTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/design-templates/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}
