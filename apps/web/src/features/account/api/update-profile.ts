import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSetUser } from '../../../lib/auth';
import type { User } from '../../../lib/user';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
}

/** PATCH /api/profile -> the updated user, which replaces the cached one. */
export function updateProfile(input: ProfileInput): Promise<User> {
  return api.patch<User>('/api/profile', input);
}

export function useUpdateProfile() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}
