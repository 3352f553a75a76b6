// The domains feature's public surface: other features import from here, never from its folders.
/** The account page's Domains tab, downloaded when it is opened. */
export const loadDomainsTab = () => import('./components/domains-tab');
export { domainKeys } from './api/keys';
export { domainsQueryOptions, useVerifiedDomains } from './api/domains';
/** The state badge and date format of a domain, for the back office's list of every workspace's domains. */
export { formatWhen, STATE_BADGE } from './components/domain-state';
