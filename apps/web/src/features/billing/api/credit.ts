import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountCreditView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { billingKeys } from './keys';

/** GET /api/billing/credit -> credit the next invoices use before the card (e.g. left by an annual -> monthly switch). */
export function getAccountCredit(): Promise<AccountCreditView> {
  return api.get<AccountCreditView>('/api/billing/credit');
}

export const accountCreditQueryOptions = () => queryOptions({ queryKey: billingKeys.credit(), queryFn: getAccountCredit });

export function useAccountCredit() {
  return useQuery(accountCreditQueryOptions());
}
