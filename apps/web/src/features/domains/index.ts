// The domains feature's public surface: other features import from here, never from its folders.
/** The account page's Domains tab, downloaded when it is opened. */
export const loadDomainsTab = () => import('./components/domains-tab');
export { domainKeys } from './api/keys';
export { domainsQueryOptions, useVerifiedDomains } from './api/domains';
