import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QrCodeView, QrDesignInput, QrImageFormat } from '@qrd/contracts';
import { api, toApiError } from '../../../lib/api-client';
import { qrCodeKey, qrCodesKey } from './qr-codes';

const FIVE_MINUTES = 5 * 60 * 1000;

export const previewKey = (id: string) => [...qrCodeKey(id), 'preview'] as const;

/** GET /api/qrcodes/{id}/preview -> {dataUrl}; spec: cached per code for 5 minutes, not refetched on focus or mount. */
export function usePreview(id: string, enabled = true) {
  return useQuery({
    queryKey: previewKey(id),
    queryFn: () => api.get<{ dataUrl: string }>(`/api/qrcodes/${encodeURIComponent(id)}/preview`),
    staleTime: FIVE_MINUTES,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    retry: false,
    enabled,
  });
}

/** The live preview of a design that is not saved yet (POST, nothing is stored). */
export function useProposedPreview(id: string, design: QrDesignInput | null) {
  return useQuery({
    queryKey: [...previewKey(id), 'proposed', design],
    queryFn: () => api.post<{ dataUrl: string }>(`/api/qrcodes/${encodeURIComponent(id)}/preview`, design),
    enabled: design !== null,
    staleTime: FIVE_MINUTES,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

/** A new design or logo changes the image: cache the code, forget its previews. */
function useDesignMutation<I>(id: string, mutationFn: (input: I) => Promise<QrCodeView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (code) => {
      queryClient.setQueryData([...qrCodeKey(id), 'detail'], code);
      void queryClient.invalidateQueries({ queryKey: previewKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...qrCodesKey, 'list'] });
    },
  });
}

export function useSaveDesign(id: string) {
  return useDesignMutation<QrDesignInput>(id, (design) => api.put<QrCodeView>(`/api/qrcodes/${encodeURIComponent(id)}/design`, design));
}

/** The chosen file is sent as it is (the server converts it to a small PNG). */
export function useUploadLogo(id: string) {
  return useDesignMutation<File>(id, async (file) => {
    const response = await fetch(`/api/qrcodes/${encodeURIComponent(id)}/logo`, {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
      credentials: 'include',
    });
    if (!response.ok) throw await toApiError(response);
    return (await response.json()) as QrCodeView;
  });
}

export function useRemoveLogo(id: string) {
  return useDesignMutation<void>(id, () => api.delete<QrCodeView>(`/api/qrcodes/${encodeURIComponent(id)}/logo`));
}

export const DOWNLOAD_SIZE = 1024;

/** Fetches `qrcode-{id}.{ext}` and hands it to the browser as a download. */
export async function downloadCode(id: string, format: QrImageFormat, size = DOWNLOAD_SIZE): Promise<void> {
  const response = await fetch(`/api/qrcodes/${encodeURIComponent(id)}/download?format=${format}&size=${size}`, {
    credentials: 'include',
  });
  if (!response.ok) throw await toApiError(response);
  saveBlob(await response.blob(), `qrcode-${id}.${format}`);
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
