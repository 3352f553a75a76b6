import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingConfigView } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { describePrices, type PlanPrices } from '../../../lib/pricing';
import { billingKeys } from './keys';

/** GET /api/config -> which provider takes payments (test or stripe), its publishable key, prices. */
export function getBillingConfig(): Promise<BillingConfigView> {
  return api.get<BillingConfigView>('/api/config');
}

export const billingConfigQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.config(), queryFn: getBillingConfig, staleTime: Infinity });

export function useBillingConfig() {
  return useQuery(billingConfigQueryOptions());
}

/** The one pricing query: every price the web app shows comes from here (undefined while loading). */
export function usePlanPrices(): { prices: PlanPrices | undefined; isError: boolean } {
  const query = useQuery({ ...billingConfigQueryOptions(), select: describePrices });
  return { prices: query.data, isError: query.isError };
}
