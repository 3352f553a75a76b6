import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** POST /api/change-password -> 204. */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return api.post<void>('/api/change-password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server ends the user's sessions on a password change; re-reading the user shows
    // whether this one survived (a 401 sends the user to the login screen).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user() }),
  });
}
