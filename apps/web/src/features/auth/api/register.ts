import type { BillingInterval } from '@qrd/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSetUser } from '../../../lib/auth';
import type { User } from '../../../lib/user';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  billingInterval: BillingInterval;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
}

/** POST /api/register -> the new user, signed in. */
export function register(input: RegisterInput): Promise<User> {
  return api.post<User>('/api/register', input);
}

export function useRegister() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: register, onSuccess: (user) => setUser(user) });
}
