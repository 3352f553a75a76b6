import type { BillingInterval } from '@qrd/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/register';

export interface SignupDetails {
  username: string;
  email: string;
  password: string;
  billingInterval: BillingInterval;
}

export type SignupOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * What "Continue to Payment" does once step 1 is valid. For now it creates the account directly
 * (POST /api/register); the billing task replaces this one function with the payment step
 * (spec: step 2 'Complete Your Purchase', then registration with the provider's ids).
 */
export function useCompleteSignup() {
  const { mutateAsync, isPending } = useRegister();
  const navigate = useNavigate();

  const completeSignup = useCallback(
    async (details: SignupDetails): Promise<SignupOutcome> => {
      try {
        await mutateAsync(details);
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: getErrorMessage(error, 'Please try again later.'),
        });
        return { ok: false, error };
      }
      toast({ title: 'Registration successful', description: 'Your account has been created!' });
      navigate(paths.dashboard, { replace: true });
      return { ok: true };
    },
    [mutateAsync, navigate],
  );

  return { completeSignup, isPending };
}
