import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingConfigView, Currency, SubscriptionView } from '@qrd/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { api } from './api-client';
import { useKnownUser } from './auth';
import { chooseCurrency, describePrices, offeredCurrencies, subscribeToCurrency, visitorCurrency, type PlanPrices } from './pricing';

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

/**
 * The signed-in account's currency once it has paid (null before, or signed out). Read from the
 * billing feature's cached subscription (the same query key and request as its `subscriptionQueryOptions`,
 * written out here so the landing page does not load the billing screens); fetched only where
 * `fetch` asks for it, otherwise whatever a billing screen already read.
 */
export function useAccountCurrency(fetch = false): Currency | null {
  const user = useKnownUser();
  const { data } = useQuery({
    queryKey: ['billing', 'subscription'] as const,
    queryFn: () => api.get<SubscriptionView>('/api/subscription'),
    staleTime: 30_000,
    enabled: fetch && Boolean(user),
    select: (subscription: SubscriptionView) => subscription.currency ?? null,
  });
  return user ? (data ?? null) : null;
}

/**
 * The currency prices are shown in: the account's once it has paid (no choice left), else the one
 * this visitor chose or their browser suggests, among those the server sells in. `choose` is null
 * when there is nothing to choose.
 */
export function useShownCurrency(fetchAccount = false): { currency: Currency; offered: Currency[]; choose: ((currency: Currency) => void) | null } {
  const account = useAccountCurrency(fetchAccount);
  const visitor = useSyncExternalStore(subscribeToCurrency, visitorCurrency, visitorCurrency);
  const { data: config } = useSiteConfig();
  const offered = offeredCurrencies(config);
  const choose = useCallback((currency: Currency) => chooseCurrency(currency), []);
  if (account) return { currency: account, offered: [account], choose: null };
  const currency = offered.includes(visitor) ? visitor : offered[0];
  return { currency, offered, choose: offered.length > 1 ? choose : null };
}

/** The one pricing query: every price the web app shows comes from here (undefined while loading). */
export function usePlanPrices(): { prices: PlanPrices | undefined; isError: boolean } {
  const { locale } = useIntl();
  const { currency } = useShownCurrency();
  const select = useCallback((config: BillingConfigView) => describePrices(config, currency, locale), [currency, locale]);
  const query = useQuery({ ...siteConfigQueryOptions(), select });
  return { prices: query.data, isError: query.isError };
}
