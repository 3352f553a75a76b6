import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface DeleteAccountInput {
  currentPassword: string;
}

/** DELETE /api/account -> 204: the account is deleted and this browser signed out. */
export function deleteAccount(input: DeleteAccountInput): Promise<void> {
  return api.delete<void>('/api/account', { body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
