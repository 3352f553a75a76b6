import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { apiKeysQueryOptions } from '../features/account/api/api-keys';
import { webhooksQueryOptions } from '../features/account/api/webhooks';
import { accountAnalyticsQueryOptions, viewerTimeZone } from '../features/analytics/api/analytics';
import { invoicesQueryOptions } from '../features/billing/api/invoices';
import { subscriptionQueryOptions } from '../features/billing/api/subscription';
import { domainsQueryOptions, loadDomainsTab } from '../features/domains';
import { publicPageQuery } from '../features/hosted-pages/api/public-page';
import { codeQueryOptions } from '../features/qrcodes/api/qr-codes';

// The queries the routes' loaders ask for (route-data.ts), in a chunk of their own: the features'
// API modules stay out of the landing page's JavaScript.

/** One query a loader asks for, typed by its own options. */
export type Prefetch = (queryClient: QueryClient) => Promise<void>;

const ask =
  <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Prefetch =>
  (queryClient) =>
    queryClient.prefetchQuery(options);

/** The account page's first answers, by its ?tab= (the profile and security tabs show the user, already asked for). */
function accountTabQueries({ request }: LoaderFunctionArgs): Prefetch[] {
  switch (new URL(request.url).searchParams.get('tab')) {
    case 'subscription':
      return [ask(subscriptionQueryOptions()), ask(invoicesQueryOptions())];
    case 'analytics':
      return [ask(accountAnalyticsQueryOptions(viewerTimeZone()))];
    case 'api':
      return [ask(apiKeysQueryOptions())];
    case 'webhooks':
      return [ask(webhooksQueryOptions())];
    case 'domains':
      // The tab's code is a chunk of its own: asked beside its data.
      return [ask(domainsQueryOptions()), () => loadDomainsTab().then(() => undefined)];
    default:
      return [];
  }
}

const codeQueries = ({ params }: LoaderFunctionArgs): Prefetch[] => (params.id ? [ask(codeQueryOptions(params.id))] : []);
const hostedPageQueries = ({ params }: LoaderFunctionArgs): Prefetch[] => (params.slug ? [ask(publicPageQuery(params.slug))] : []);

/** Each data route's queries, by name (router.tsx names them). */
export const routeQueries = { account: accountTabQueries, code: codeQueries, hostedPage: hostedPageQueries } satisfies Record<
  string,
  (args: LoaderFunctionArgs) => Prefetch[]
>;
