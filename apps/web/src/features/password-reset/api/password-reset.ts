import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/password-reset/request {email} -> 202, the same answer whether or not the account exists. */
export function requestPasswordReset(input: { email: string }): Promise<void> {
  return api.post<void>('/api/password-reset/request', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** GET /api/password-reset/{token} -> {valid}: whether the link can still be used. */
export function checkResetToken(token: string): Promise<{ valid: boolean }> {
  return api.get<{ valid: boolean }>(`/api/password-reset/${encodeURIComponent(token)}`);
}

export function useResetTokenCheck(token: string | undefined) {
  return useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => checkResetToken(token ?? ''),
    enabled: Boolean(token),
    staleTime: 0,
    gcTime: 0,
  });
}

export interface ConfirmResetInput {
  token: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/password-reset/confirm -> 204; 404/410 when the link is unknown, used or expired. */
export function confirmPasswordReset(input: ConfirmResetInput): Promise<void> {
  return api.post<void>('/api/password-reset/confirm', input);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
