import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingConfigView } from '@qrd/contracts';
import { api } from './api-client';
import { describePrices, type PlanPrices } from './pricing';

/**
 * GET /api/config: which provider takes payments (test or stripe), its publishable key, the prices
 * and the site's links. One cached answer for every screen (it changes only with a deployment); it
 * lives here, not in a feature, so the landing page and the footer read it without loading the
 * billing screens.
 */
export function getSiteConfig(): Promise<BillingConfigView> {
  return api.get<BillingConfigView>('/api/config');
}

/** The one cached answer of the site's configuration. */
export const siteConfigKeys = {
  all: ['site-config'] as const,
};

export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: siteConfigKeys.all, queryFn: getSiteConfig, staleTime: Infinity });

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}

/** The one pricing query: every price the web app shows comes from here (undefined while loading). */
export function usePlanPrices(): { prices: PlanPrices | undefined; isError: boolean } {
  const query = useQuery({ ...siteConfigQueryOptions(), select: describePrices });
  return { prices: query.data, isError: query.isError };
}
