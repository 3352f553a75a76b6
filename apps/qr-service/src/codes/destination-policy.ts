import ipaddr from 'ipaddr.js';

/** Why a well-formed destination is refused: it loops to our own short links, or leads into a private network. */
export type DestinationRefusal = 'own-link' | 'private-network';

export interface DestinationPolicy {
  /** Where our short links live (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** The operator allows loopback, private and link-local destinations (ALLOW_PRIVATE_DESTINATIONS). */
  allowPrivateNetworks: boolean;
}

/** Address ranges a scanner's phone must never be sent into (its own network, a cloud's metadata service). */
const PRIVATE_RANGES = new Set(['unspecified', 'broadcast', 'loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat', 'reserved']);

/** Names that mean "this machine" or a cloud's metadata service, whatever DNS says. */
const LOCAL_NAMES = [/^localhost$/, /\.localhost$/, /^metadata\.google\.internal$/, /^instance-data(\.ec2\.internal)?$/];

/** A hostname as compared here: lower case (the URL parser has made IDNs punycode), no trailing dots, no IPv6 brackets. */
function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '').replace(/^\[(.*)\]$/, '$1');
}

/** The address range of an IP literal ("loopback", "private"...), or null for a name. */
function rangeOf(host: string): string | null {
  if (!ipaddr.isValid(host)) return null;
  return ipaddr.process(host).range();
}

/** An IP address (resolved, not a name) in a range no request of ours may reach unless the operator allows it. */
export function isPrivateAddress(address: string): boolean {
  const range = rangeOf(address);
  return range === null || PRIVATE_RANGES.has(range);
}

function isPrivate(host: string): boolean {
  const range = rangeOf(host);
  return range !== null ? PRIVATE_RANGES.has(range) : LOCAL_NAMES.some((name) => name.test(host));
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
 * this machine its loopback addresses in any form), would send scanners round in a loop. Loopback,
 * private, link-local, carrier-grade NAT and metadata addresses would send them into their own
 * network: refused unless the operator allows them. The URL parser has already turned decimal,
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
  return LOCAL_NAMES.slice(0, 2).some((name) => name.test(host));
}
