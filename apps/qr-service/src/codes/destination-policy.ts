import ipaddr from 'ipaddr.js';
import { isLoopbackHostName } from '@qrd/contracts';

/** Why a well-formed destination is refused: it loops to our own short links, or leads into a private network. */
export type DestinationRefusal = 'own-link' | 'private-network';

export interface DestinationPolicy {
  /** Where our short links live (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** The operator allows loopback, private and link-local destinations (ALLOW_PRIVATE_DESTINATIONS). */
  allowPrivateNetworks: boolean;
}

/**
 * The one range a request of ours may go to: ordinary unicast. Everything ipaddr.js names otherwise
 * is refused: loopback, private, link-local, carrier-grade NAT, multicast (224.0.0.0/4, ff00::/8),
 * broadcast, 0.0.0.0/8, 240.0.0.0/4 and the other reserved blocks, and the IPv6 transition forms
 * (6to4, Teredo, NAT64) that can carry a private IPv4 address inside.
 */
const PUBLIC_RANGE = 'unicast';

/** Names of a local network or a cloud's metadata service, whatever DNS says (loopback names aside). */
const LOCAL_NAMES = [/\.local$/, /\.localdomain$/, /\.internal$/, /\.home\.arpa$/, /^instance-data$/];

/** A hostname as compared here: lower case (the URL parser has made IDNs punycode), no trailing dots, no IPv6 brackets. */
function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '').replace(/^\[(.*)\]$/, '$1');
}

/** What an IPv4 literal in any form ipaddr.js reads (decimal, hex, octal parts) can be made of. */
const MAYBE_IPV4 = /^[0-9a-fx.]+$/i;

/** The address range of an IP literal ("loopback", "private"...), or null for a name. */
function rangeOf(host: string): string | null {
  // Most hosts are names: ipaddr.js would throw and catch inside for each (a bulk import checks 100,000).
  if (!host.includes(':') && !MAYBE_IPV4.test(host)) return null;
  if (!ipaddr.isValid(host)) return null;
  return ipaddr.process(host).range();
}

/** An IP address (resolved, not a name) in a range no request of ours may reach unless the operator allows it. */
export function isPrivateAddress(address: string): boolean {
  return rangeOf(address) !== PUBLIC_RANGE;
}

function isPrivate(host: string): boolean {
  const range = rangeOf(host);
  if (range !== null) return range !== PUBLIC_RANGE;
  return isLoopbackHostName(host) || LOCAL_NAMES.some((name) => name.test(host));
}

/** The path as the front door routes it: percent-decoded, repeated slashes merged (nginx does both). */
function routedPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes stay as written: nginx answers those 400, no loop.
  }
  return path.replace(/\/{2,}/g, '/');
}

/**
 * Whether a destination (already a valid http(s) URL) may be saved. A link to our own short links,
 * in any spelling of our host (upper case, trailing dot, punycode, another port, and for a host on
 * this machine its loopback addresses in any form), would send scanners round in a loop. Any
 * address but an ordinary public unicast one, and the names of this machine or a local network,
 * would send them into their own network: refused unless the operator allows them. The URL parser has already turned decimal,
 * hex and octal IPv4 forms into dotted ones.
 */
export function destinationRefusal(url: URL, policy: DestinationPolicy): DestinationRefusal | null {
  const host = bareHost(url.hostname);
  const ownHost = bareHost(new URL(policy.publicBaseUrl).hostname);
  const ourHost = host === ownHost || (isLoopback(ownHost) && isLoopback(host));
  if (ourHost && routedPath(url.pathname).startsWith('/r/')) return 'own-link';
  if (!policy.allowPrivateNetworks && isPrivate(host)) return 'private-network';
  return null;
}

/** This machine, by any name or address form. */
function isLoopback(host: string): boolean {
  const range = rangeOf(host);
  if (range !== null) return range === 'loopback' || range === 'unspecified';
  return isLoopbackHostName(host);
}
