import { useMutation } from '@tanstack/react-query';
import type { ContentFileView, ContentUploadPurpose } from '@qrd/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/content-files?purpose&name with the file itself: checked by its bytes, images re-encoded. */
export function uploadContentFile(file: File, purpose: ContentUploadPurpose): Promise<ContentFileView> {
  return api.upload<ContentFileView>(`/api/content-files?${new URLSearchParams({ purpose, name: file.name })}`, file);
}

export function useUploadContentFile() {
  return useMutation({ mutationFn: ({ file, purpose }: { file: File; purpose: ContentUploadPurpose }) => uploadContentFile(file, purpose) });
}
