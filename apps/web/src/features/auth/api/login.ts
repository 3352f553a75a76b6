import type { TwoFactorChallengeView } from '@qrd/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSetUser } from '../../../lib/auth';
import type { User } from '../../../lib/user';

export interface LoginInput {
  username: string;
  password: string;
}

/**
 * POST /api/login {username, password} -> the user (a new session cookie is set), or, with
 * two-factor sign-in on, 202 and a ticket for the code step (no session yet).
 */
export function login(input: LoginInput): Promise<User | TwoFactorChallengeView> {
  return api.post<User | TwoFactorChallengeView>('/api/login', input);
}

export function isTwoFactorChallenge(answer: User | TwoFactorChallengeView): answer is TwoFactorChallengeView {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired === true;
}

export function useLogin() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isTwoFactorChallenge(answer)) setUser(answer);
    },
  });
}

/** POST /api/login/two-factor {ticket, code} -> the user; 401 wrong code, 410 the ticket ran out. */
export function loginWithCode(input: { ticket: string; code: string }): Promise<User> {
  return api.post<User>('/api/login/two-factor', input);
}

export function useLoginWithCode() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: loginWithCode, onSuccess: (user) => setUser(user) });
}
