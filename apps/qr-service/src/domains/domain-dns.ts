import { Inject, Injectable } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DOMAIN_CHALLENGE_LABEL } from '@qrd/contracts';

/** What DNS said of a domain's challenge record. `lookupFailed`: no answer either way (a timeout, a server failure). */
export type ChallengeResult = { found: true } | { found: false; reason: string; lookupFailed: boolean };

/** Answers that mean the record is not there, as opposed to DNS failing to answer. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** Reads `_qrd-challenge.<domain>` TXT records through the DNS servers of the configuration (DNS_SERVERS), else the system's. */
@Injectable()
export class DomainDns {
  private readonly servers: string[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.servers = config.domains.dnsServers;
  }

  async challenge(hostname: string, token: string): Promise<ChallengeResult> {
    const name = `${DOMAIN_CHALLENGE_LABEL}.${hostname}`;
    const resolver = new Resolver({ timeout: 2000, tries: 2 });
    if (this.servers.length > 0) resolver.setServers(this.servers);
    try {
      const records = (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
      if (records.includes(token)) return { found: true };
      return { found: false, lookupFailed: false, reason: `The TXT record ${name} does not hold this domain's token` };
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'error';
      if (ABSENT.has(code)) return { found: false, lookupFailed: false, reason: `No TXT record ${name} was found` };
      return { found: false, lookupFailed: true, reason: `DNS did not answer for ${name} (${code}); we will try again` };
    }
  }
}
