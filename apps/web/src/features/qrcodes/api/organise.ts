import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BulkResult, BulkTagOperation, FolderView, QrImageFormat, TagCount } from '@qrd/contracts';
import { api, toApiError } from '../../../lib/api-client';
import { analyticsKeys } from '../../analytics';
import { billingKeys } from '../../billing';
import { codeKeys, organiseKeys } from './keys';
import { saveBlob } from './qr-images';

/** GET /api/folders -> the user's folders, A to Z, with how many codes each holds. */
export const getFolders = () => api.get<FolderView[]>('/api/folders');
/** GET /api/tags -> the tags on the user's codes, most used first. */
export const getTags = () => api.get<TagCount[]>('/api/tags');

export function useFolders(enabled = true) {
  return useQuery({ queryKey: organiseKeys.folders(), queryFn: getFolders, enabled });
}

export function useTags(enabled = true) {
  return useQuery({ queryKey: organiseKeys.tags(), queryFn: getTags, enabled });
}

function organiseChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: organiseKeys.folders() });
  void queryClient.invalidateQueries({ queryKey: organiseKeys.tags() });
  void queryClient.invalidateQueries({ queryKey: codeKeys.lists() });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (name: string) => api.post<FolderView>('/api/folders', { name }), onSuccess: () => organiseChanged(queryClient) });
}

export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<FolderView>(`/api/folders/${encodeURIComponent(id)}`, { name }),
    onSuccess: () => organiseChanged(queryClient),
  });
}

/** Its codes stay, in no folder. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(`/api/folders/${encodeURIComponent(id)}`), onSuccess: () => organiseChanged(queryClient) });
}

export type BulkRequest =
  | { action: 'activate' | 'deactivate' | 'delete'; ids: string[] }
  | { action: 'tag'; ids: string[]; tag: string; operation: BulkTagOperation }
  | { action: 'folder'; ids: string[]; folderId: string | null }
  | { action: 'design-template'; ids: string[]; templateId: string };

/** POST /api/qrcodes/bulk/{action}: all of the codes or none of them. */
export function runBulk(request: BulkRequest): Promise<BulkResult> {
  const { action, ...body } = request;
  return api.post<BulkResult>(`/api/qrcodes/bulk/${action}`, body);
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulk,
    onSuccess: (_result, request) => {
      organiseChanged(queryClient);
      for (const id of request.ids) void queryClient.invalidateQueries({ queryKey: codeKeys.code(id) });
      void queryClient.invalidateQueries({ queryKey: codeKeys.activities() });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
      if (request.action === 'delete') void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
    },
  });
}

export interface ArchiveRequest {
  ids: string[];
  format: QrImageFormat;
  size: number;
}

export interface ArchiveProgress {
  received: number;
  /** From Content-Length; null when the server streams without announcing it. */
  total: number | null;
}

/**
 * POST /api/qrcodes/archive -> a streamed application/zip of the chosen codes' images. The answer
 * is read chunk by chunk so the progress shows as it arrives, then saved as one file.
 */
export async function downloadArchive(request: ArchiveRequest, onProgress: (progress: ArchiveProgress) => void, signal?: AbortSignal): Promise<void> {
  const response = await fetch('/api/qrcodes/archive', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/zip' },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  } else {
    const whole = new Uint8Array(await response.arrayBuffer());
    chunks.push(whole);
    received = whole.byteLength;
    onProgress({ received, total });
  }
  const stamp = new Date().toISOString().slice(0, 10);
  saveBlob(new Blob(chunks as BlobPart[], { type: 'application/zip' }), `qrcodes-${stamp}.zip`);
}
