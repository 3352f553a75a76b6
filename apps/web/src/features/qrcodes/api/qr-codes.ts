import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateQrCodeDto, QrCodeView, UpdateQrCodeDto } from '@qrd/contracts';
import { api, isApiError } from '../../../lib/api-client';

/** Every cached answer about codes lives under this key, so one invalidation refreshes them all. */
export const qrCodesKey = ['qrcodes'] as const;
export const qrCodeKey = (id: string) => [...qrCodesKey, id] as const;

/** GET /api/qrcodes -> the user's codes, newest first. */
export const qrCodesQueryOptions = () =>
  queryOptions({ queryKey: [...qrCodesKey, 'list'], queryFn: () => api.get<QrCodeView[]>('/api/qrcodes') });

export function useQrCodes(enabled = true) {
  return useQuery({ ...qrCodesQueryOptions(), enabled });
}

/** GET /api/qrcodes/{id}; a 404 (missing, or someone else's) is not retried. */
export function useQrCode(id: string) {
  return useQuery({
    queryKey: [...qrCodeKey(id), 'detail'],
    queryFn: () => api.get<QrCodeView>(`/api/qrcodes/${encodeURIComponent(id)}`),
    retry: false,
  });
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error, 404);
}

/** After any change the server's answer is the new code: cache it and refresh the lists. */
function useCodeMutation<I>(mutationFn: (input: I) => Promise<QrCodeView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (code) => {
      queryClient.setQueryData([...qrCodeKey(code.id), 'detail'], code);
      void queryClient.invalidateQueries({ queryKey: [...qrCodesKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['analytics'] });
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
    },
  });
}

export function useCreateQrCode() {
  return useCodeMutation<CreateQrCodeDto>((input) => api.post<QrCodeView>('/api/qrcodes', input));
}

export function useUpdateQrCode(id: string) {
  return useCodeMutation<UpdateQrCodeDto>((input) => api.patch<QrCodeView>(`/api/qrcodes/${encodeURIComponent(id)}`, input));
}

/** Activate or deactivate for real: a deactivated code shows scanners the "not active" page. */
export function useSetCodeActive() {
  return useCodeMutation<{ id: string; active: boolean }>(({ id, active }) =>
    api.post<QrCodeView>(`/api/qrcodes/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`),
  );
}

/** DELETE /api/qrcodes/{id}: the code and its analytics go, and its seat is given back. */
export function useDeleteQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/qrcodes/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: qrCodeKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...qrCodesKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['analytics'] });
      void queryClient.invalidateQueries({ queryKey: ['billing', 'subscription'] });
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
    },
  });
}
