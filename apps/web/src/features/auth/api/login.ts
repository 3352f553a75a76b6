import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSetUser } from '../../../lib/auth';
import type { User } from '../../../lib/user';

export interface LoginInput {
  username: string;
  password: string;
}

/** POST /api/login {username, password} -> the user (a new session cookie is set). */
export function login(input: LoginInput): Promise<User> {
  return api.post<User>('/api/login', input);
}

export function useLogin() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: login, onSuccess: (user) => setUser(user) });
}
