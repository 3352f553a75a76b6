import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSetUser } from '../../../lib/auth';
import type { User } from '../../../lib/user';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  /** Needed when the username or the email changes. */
  currentPassword?: string;
}

/**
 * PATCH /api/profile -> the updated user, which replaces the cached one. A new email comes back
 * as `pendingEmail`: it becomes `email` once the link mailed to it is opened.
 */
export function updateProfile(input: ProfileInput): Promise<User> {
  return api.patch<User>('/api/profile', input);
}

export function useUpdateProfile() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}

/** DELETE /api/email-change -> the user without a pending address (its link stops working). */
export function cancelEmailChange(): Promise<User> {
  return api.delete<User>('/api/email-change');
}

export function useCancelEmailChange() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: cancelEmailChange, onSuccess: (user) => setUser(user) });
}

/** POST /api/email-change/confirm {token} -> {email}; 410 when the link is unknown, used or expired. */
export function confirmEmailChange(token: string): Promise<{ email: string }> {
  return api.post<{ email: string }>('/api/email-change/confirm', { token });
}

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: confirmEmailChange });
}
