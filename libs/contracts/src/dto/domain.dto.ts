import { IsBoolean, IsOptional, IsString, MaxLength, registerDecorator, ValidateIf } from 'class-validator';
import { destinationProblem } from './code-fields';

/**
 * Custom short domains (docs/custom-domains.md): a workspace's own host for its short links
 * (https://qr.acme.com/{slug}), proved by a TXT record and served over HTTPS by the TLS edge.
 * pending: added, its TXT record not seen yet; verified: seen, links work; misconfigured: the
 * record went missing, links keep working for a grace period; disabled: past the grace period, or
 * by an admin of the product; the links answer "not found" until it is verified again.
 */
export const DOMAIN_STATES = ['pending', 'verified', 'misconfigured', 'disabled'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/** The TXT record that proves a domain is the workspace's: `_qrd-challenge.<domain>`. */
export const DOMAIN_CHALLENGE_LABEL = '_qrd-challenge';

export interface DomainView {
  id: string;
  /** The hostname as DNS knows it (punycode for an international name). */
  hostname: string;
  /** The same name as people read it (equal to hostname for an ASCII name). */
  unicodeHostname: string;
  state: DomainState;
  /** Why the last check did not verify it (or why an admin disabled it); null when verified. */
  reason: string | null;
  lastCheckedAt: string | null;
  verifiedAt: string | null;
  /** While misconfigured: when the links stop working unless the records are fixed. */
  disablesAt: string | null;
  /** The records to create at the domain's DNS host. */
  dns: {
    challenge: { type: 'TXT'; name: string; value: string };
    /** CNAME to this host, or (an apex domain) A/AAAA records to these addresses. */
    cname: string;
    addresses: string[];
  };
  /** Where a visit to the domain's root, an unknown link or an expired code on it goes (null: our page). */
  rootRedirect: string | null;
  notFoundRedirect: string | null;
  expiredRedirect: string | null;
  /** Strict-Transport-Security on its answers (off by default: once on, browsers refuse plain HTTP to it for a year). */
  hsts: boolean;
  /** Codes whose links use this domain. */
  codes: number;
  createdAt: string;
}

export const DOMAIN_MESSAGES = {
  required: 'Enter a domain name, such as qr.example.com',
  tooLong: 'A domain name has at most 253 characters, and each part between dots at most 63',
  invalid: 'This is not a valid domain name: use letters, digits and hyphens between dots, such as qr.example.com',
  ip: 'Use a domain name, not an IP address',
  local: 'localhost and local network names cannot be reached by the people who scan your codes',
  publicSuffix: 'This is a public suffix, which nobody owns: use a name under your own domain, such as qr.example.co.uk',
  unknownSuffix: 'This domain does not end in a known top-level domain',
  ownHost: 'This is our own domain: add a domain you own',
  taken: 'This domain is already verified by another workspace. If it is yours, remove it there first.',
  added: 'This domain is already in this workspace',
  tooMany: (max: number) => `A workspace can have at most ${max} custom domains: remove one you no longer use first`,
  notFound: 'Domain not found',
  notVerified: 'This domain is not verified yet: create its DNS records, then check it again',
  inUse: (codes: number) => `${codes} ${codes === 1 ? 'code uses' : 'codes use'} this domain: move ${codes === 1 ? 'it' : 'them'} to another domain first`,
  redirect: 'Enter a full web address starting with https:// or http://',
  moveBreaksPrints: (link: string) =>
    `This code has been scanned or downloaded: its printed copies point to ${link} and stop working if it moves to another domain. Confirm the move to go ahead.`,
  pagesOnDefaultHost: 'Pages we host (contact cards, link lists, files, Wi-Fi) use the default domain: choose it for this code',
} as const;

function IsOptionalRedirect() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'domainRedirect',
      target: target.constructor,
      propertyName,
      options: { message: () => DOMAIN_MESSAGES.redirect },
      validator: { validate: (value: unknown) => value === null || destinationProblem(value) === null },
    });
}

export class CreateDomainDto {
  @IsString({ message: DOMAIN_MESSAGES.required })
  @MaxLength(300, { message: DOMAIN_MESSAGES.tooLong })
  hostname!: string;
}

export class UpdateDomainDto {
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsOptionalRedirect()
  rootRedirect?: string | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsOptionalRedirect()
  notFoundRedirect?: string | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsOptionalRedirect()
  expiredRedirect?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'hsts must be true or false' })
  hsts?: boolean;
}

/** An admin of the product disables a custom domain (abuse; the workspace is told why) or lets it be checked again. */
export class AdminDomainStatusDto {
  @IsBoolean({ message: 'disabled must be true or false' })
  disabled!: boolean;

  @IsOptional()
  @IsString({ message: 'The reason must be text' })
  @MaxLength(500, { message: 'The reason has at most 500 characters' })
  reason?: string;
}

/** The key of a code in the redirect table: its slug on the default host, `host/slug` on a custom domain. */
export function redirectTableSlug(host: string | null, slug: string): string {
  return host === null ? slug : `${host}/${slug}`;
}

/** What the redirect-service keeps of a verified (or misconfigured, still in its grace period) domain. */
export interface RedirectHost {
  rootRedirect: string | null;
  notFoundRedirect: string | null;
  expiredRedirect: string | null;
  hsts: boolean;
}
