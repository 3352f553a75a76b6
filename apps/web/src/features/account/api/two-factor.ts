import type { RecoveryCodesView, TwoFactorSetupView } from '@qrd/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

/** POST /api/two-factor/setup {currentPassword} -> the secret and its otpauth:// address, shown during enrolment only. */
export function startTwoFactor(input: { currentPassword: string }): Promise<TwoFactorSetupView> {
  return api.post<TwoFactorSetupView>('/api/two-factor/setup', input);
}

/** POST /api/two-factor/enable {code} -> ten recovery codes, shown once. */
export function enableTwoFactor(input: { code: string }): Promise<RecoveryCodesView> {
  return api.post<RecoveryCodesView>('/api/two-factor/enable', input);
}

/** POST /api/two-factor/disable {currentPassword, code} -> 204. */
export function disableTwoFactor(input: { currentPassword: string; code: string }): Promise<void> {
  return api.post<void>('/api/two-factor/disable', input);
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}

/** The user is read again afterwards (twoFactorEnabled), once the recovery codes were put away. */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user() }),
  });
}

export function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authKeys.user() });
}
