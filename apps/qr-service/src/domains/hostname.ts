import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { DOMAIN_MESSAGES } from '@qrd/contracts';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|home\.arpa|in-addr\.arpa|ip6\.arpa)$/;

/** A hostname as DNS knows it (punycode) and as people read it. */
export interface Hostname {
  ascii: string;
  unicode: string;
}

/**
 * Checks a custom domain as typed: international names become punycode (IDNA), and what cannot be
 * a customer's own name is refused with the reason: an IP address, a local name, a public suffix
 * (co.uk, github.io: nobody owns them), or our own host and its subdomains.
 */
export function checkHostname(input: string, ownHosts: readonly string[]): Hostname | { problem: string } {
  const typed = input.trim().toLowerCase().replace(/\.$/, '');
  if (typed === '') return { problem: DOMAIN_MESSAGES.required };
  if (typed.length > 253) return { problem: DOMAIN_MESSAGES.tooLong };
  if (isIP(typed) !== 0 || isIP(typed.replace(/^\[|\]$/g, '')) !== 0) return { problem: DOMAIN_MESSAGES.ip };
  if (/[/:@?#\s]/.test(typed)) return { problem: DOMAIN_MESSAGES.invalid };
  if (/(^|\.)\d+$/.test(typed)) return { problem: DOMAIN_MESSAGES.ip };
  if (LOCAL_NAMES.test(typed)) return { problem: DOMAIN_MESSAGES.local };
  const ascii = domainToASCII(typed);
  if (ascii === '') return { problem: DOMAIN_MESSAGES.invalid };
  const labels = ascii.split('.');
  if (ascii.length > 253 || labels.some((label) => label.length > 63)) return { problem: DOMAIN_MESSAGES.tooLong };
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return { problem: DOMAIN_MESSAGES.invalid };
  const parsed = parse(ascii, { allowPrivateDomains: true });
  if (parsed.isIp) return { problem: DOMAIN_MESSAGES.ip };
  if (parsed.domain === null || parsed.publicSuffix === ascii) return { problem: DOMAIN_MESSAGES.publicSuffix };
  if (ownHosts.some((own) => ascii === own || ascii.endsWith(`.${own}`))) return { problem: DOMAIN_MESSAGES.ownHost };
  return { ascii, unicode: domainToUnicode(ascii) };
}
