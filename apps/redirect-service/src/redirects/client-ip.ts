import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Addresses whose trust is remembered: the proxies' few, and at most this many forwarded ones. */
const VERDICT_MEMO_SIZE = 1000;

/**
 * The visitor's address behind the proxies of TRUSTED_PROXIES (the gateway's setting: addresses,
 * CIDR ranges, `loopback`, `linklocal`, `uniquelocal`): X-Forwarded-For is walked from the right
 * only while each hop is one of those proxies, so a client that reaches the service any other way
 * cannot choose the address that rate limits and places count.
 *
 * Per request (BENCHMARKS.md: the CPU per redirect): without X-Forwarded-For the answer is the
 * socket's address, whoever the proxies are; with it, each hop's trust is parsed and matched once
 * per address, not once per request.
 */
export function clientIpOf(trustedProxies: string[]): (req: IncomingMessage) => string {
  const trust = proxyaddr.compile(trustedProxies);
  const verdicts = new Map<string, boolean>();
  const trusted = (address: string, hop: number): boolean => {
    let verdict = verdicts.get(address);
    if (verdict === undefined) {
      verdict = trust(address, hop);
      if (verdicts.size >= VERDICT_MEMO_SIZE) verdicts.clear();
      verdicts.set(address, verdict);
    }
    return verdict;
  };
  return (req) => {
    if (!req.headers['x-forwarded-for']) return (req.socket ?? req.connection).remoteAddress as string;
    return proxyaddr(req, trusted);
  };
}
