import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The visitor's address behind the proxies of TRUSTED_PROXIES (the gateway's setting: addresses,
 * CIDR ranges, `loopback`, `linklocal`, `uniquelocal`): X-Forwarded-For is walked from the right
 * only while each hop is one of those proxies, so a client that reaches the service any other way
 * cannot choose the address that rate limits and places count.
 */
export function clientIpOf(trustedProxies: string[]): (req: IncomingMessage) => string {
  const trust = proxyaddr.compile(trustedProxies);
  return (req) => proxyaddr(req, trust);
}
