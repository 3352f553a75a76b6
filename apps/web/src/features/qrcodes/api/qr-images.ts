import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QrCodeView, QrDesignInput, QrImageFormat } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { downloadQuery, type DownloadOptions } from '../lib/download-options';
import { codeKeys } from './keys';

const FIVE_MINUTES = 5 * 60 * 1000;

const codePath = (id: string) => `/api/qrcodes/${encodeURIComponent(id)}`;

/** GET /api/qrcodes/{id}/preview -> {dataUrl}: the saved design as a PNG data URL. */
export function getPreview(id: string): Promise<{ dataUrl: string }> {
  return api.get<{ dataUrl: string }>(`${codePath(id)}/preview`);
}

/**
 * GET /api/qrcodes/{id}/preview.png: the saved design as an image the browser caches (ETag).
 * Every change of a code moves its updatedAt, so the address changes with the design.
 */
export function previewImageUrl(code: Pick<QrCodeView, 'id' | 'updatedAt'>): string {
  return `${codePath(code.id)}/preview.png?v=${encodeURIComponent(code.updatedAt)}`;
}

/** POST /api/qrcodes/{id}/preview {design} -> {dataUrl}: a design that is not saved (nothing is stored). */
export function getProposedPreview(id: string, design: QrDesignInput): Promise<{ dataUrl: string }> {
  return api.post<{ dataUrl: string }>(`${codePath(id)}/preview`, design);
}

/** PUT /api/qrcodes/{id}/design -> the code with its new design. */
export function saveDesign(id: string, design: QrDesignInput): Promise<QrCodeView> {
  return api.put<QrCodeView>(`${codePath(id)}/design`, design);
}

/** POST /api/qrcodes/{id}/logo with the file as it is (the server converts it to a small PNG). */
export function uploadLogo(id: string, file: File): Promise<QrCodeView> {
  return api.upload<QrCodeView>(`${codePath(id)}/logo`, file);
}

/** DELETE /api/qrcodes/{id}/logo -> the code without its logo. */
export function removeLogo(id: string): Promise<QrCodeView> {
  return api.delete<QrCodeView>(`${codePath(id)}/logo`);
}

/** Spec: cached per code for 5 minutes, not refetched on focus or mount. */
export const previewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: codeKeys.previews(id),
    queryFn: () => getPreview(id),
    staleTime: FIVE_MINUTES,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The live preview of a draft design; the previous image stays while the next one loads. */
export const proposedPreviewQueryOptions = (id: string, design: QrDesignInput | null) =>
  queryOptions({
    queryKey: codeKeys.proposedPreview(id, design),
    queryFn: () => getProposedPreview(id, design as QrDesignInput),
    enabled: design !== null,
    staleTime: FIVE_MINUTES,
    retry: false,
    placeholderData: (previous) => previous,
  });

export function usePreview(id: string, enabled = true) {
  return useQuery({ ...previewQueryOptions(id), enabled });
}

export function useProposedPreview(id: string, design: QrDesignInput | null) {
  return useQuery(proposedPreviewQueryOptions(id, design));
}

/** A new design or logo changes the image: cache the code, forget its previews, refresh the lists. */
function useDesignMutation<I>(id: string, mutationFn: (input: I) => Promise<QrCodeView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (code) => {
      queryClient.setQueryData(codeKeys.detail(id), code);
      void queryClient.invalidateQueries({ queryKey: codeKeys.previews(id) });
      void queryClient.invalidateQueries({ queryKey: codeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: codeKeys.history(id) });
      void queryClient.invalidateQueries({ queryKey: codeKeys.activities() });
    },
  });
}

export function useSaveDesign(id: string) {
  return useDesignMutation<QrDesignInput>(id, (design) => saveDesign(id, design));
}

export function useUploadLogo(id: string) {
  return useDesignMutation<File>(id, (file) => uploadLogo(id, file));
}

export function useRemoveLogo(id: string) {
  return useDesignMutation<void>(id, () => removeLogo(id));
}

const DOWNLOAD_SIZE = 1024;

/** Fetches `qrcode-{id}.{ext}` and hands it to the browser as a download. */
export async function downloadCode(id: string, format: QrImageFormat, size = DOWNLOAD_SIZE): Promise<void> {
  const blob = await api.getBlob(`${codePath(id)}/download?format=${format}&size=${size}`);
  saveBlob(blob, `qrcode-${id}.${format}`);
}

/** Fetches `qrcode-{id}.{ext}` as the download dialog chose it (PNG size, PDF print size and bleed). */
export async function downloadCodeAs(id: string, options: DownloadOptions): Promise<void> {
  const blob = await api.getBlob(`${codePath(id)}/download?${downloadQuery(options)}`);
  saveBlob(blob, `qrcode-${id}.${options.format}`);
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the object URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
