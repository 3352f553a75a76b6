import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkImportCells, BulkImportView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { bulkImportKeys, codeKeys } from './keys';

/** POST /api/imports: the file itself (as CSV text, streamed); the answer is the preview, nothing bought. */
export function useStartBulkImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.upload<BulkImportView>('/api/imports', new Blob([file], { type: 'text/csv' })),
    onSuccess: (view) => queryClient.setQueryData(bulkImportKeys.one(view.id), view),
  });
}

/** GET /api/imports/:id, read again every second while its codes are being created. */
export function useBulkImport(id: string | null) {
  return useQuery({
    queryKey: bulkImportKeys.one(id ?? ''),
    queryFn: () => api.get<BulkImportView>(`/api/imports/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'queued' || state === 'running' ? 1000 : false;
    },
  });
}

/** PUT /api/imports/:id/rows/:row: a row fixed in the preview, checked again by the server. */
export function useUpdateBulkImportRow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, cells }: { row: number; cells: BulkImportCells }) =>
      api.put<BulkImportView>(`/api/imports/${encodeURIComponent(id)}/rows/${row}`, cells),
    onSuccess: (view) => queryClient.setQueryData(bulkImportKeys.one(id), view),
  });
}

function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /api/imports/:id/confirm with the total shown and the design template for rows naming none
 * (null: the default design): one key per import, kept after a failure, so trying again cannot buy
 * twice if the first attempt went through unseen.
 */
export function useConfirmBulkImport(id: string) {
  const queryClient = useQueryClient();
  const key = useRef(newKey());
  return useMutation({
    mutationFn: (confirmation: { totalCents: number; designTemplateId: string | null }) =>
      api.post<BulkImportView>(`/api/imports/${encodeURIComponent(id)}/confirm`, confirmation, { headers: { 'Idempotency-Key': key.current } }),
    onSuccess: (view) => {
      queryClient.setQueryData(bulkImportKeys.one(id), view);
      void queryClient.invalidateQueries({ queryKey: codeKeys.all });
    },
  });
}

/** POST /api/imports/:id/cancel: creation stops after the batch in progress; the codes created stay. */
export function useCancelBulkImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BulkImportView>(`/api/imports/${encodeURIComponent(id)}/cancel`),
    onSuccess: (view) => {
      queryClient.setQueryData(bulkImportKeys.one(id), view);
      void queryClient.invalidateQueries({ queryKey: codeKeys.all });
    },
  });
}

export function bulkImportResultHref(id: string): string {
  return `/api/imports/${encodeURIComponent(id)}/result.csv`;
}
