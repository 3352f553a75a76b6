import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { passwordResetKeys } from './keys';

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

/** Asked again on every visit, never kept: a link can be used or expire at any moment. */
export const resetTokenQueryOptions = (token: string | undefined) =>
  queryOptions({
    queryKey: passwordResetKeys.token(token),
    queryFn: () => checkResetToken(token ?? ''),
    enabled: Boolean(token),
    staleTime: 0,
    gcTime: 0,
  });

export function useResetTokenCheck(token: string | undefined) {
  return useQuery(resetTokenQueryOptions(token));
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
