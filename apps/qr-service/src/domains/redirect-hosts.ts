import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { RedirectHost, redirectHostChangesChannel, redirectHostsKey, redirectTableKey, redirectTableSlug } from '@qrd/contracts';
import { delEach, REDIS } from '@qrd/messaging';
import type { DomainRecord } from './domains.repository';

/** Whether the redirect-service answers for a domain: verified, or misconfigured within its grace period. */
export function servesLinks(domain: Pick<DomainRecord, 'state'>): boolean {
  return domain.state === 'verified' || domain.state === 'misconfigured';
}

/**
 * The custom domains in the redirect table (DESIGN section 12): a Redis hash the redirect-service
 * loads whole and reloads when a change is published. Written after the change committed; the
 * schedule writes the whole set again, so a lost write is repaired at the next check.
 */
@Injectable()
export class RedirectHosts {
  private readonly key: string;
  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = redirectHostsKey(config.redisPrefix);
    this.channel = redirectHostChangesChannel(config.redisPrefix);
  }

  async apply(domain: DomainRecord): Promise<void> {
    if (servesLinks(domain)) await this.redis.hset(this.key, domain.hostname, JSON.stringify(hostEntry(domain)));
    else await this.redis.hdel(this.key, domain.hostname);
    await this.redis.publish(this.channel, domain.hostname);
  }

  /** A removed domain: gone from the set, and the entries of the codes it had deleted from the table. */
  async remove(hostname: string, slugs: string[]): Promise<void> {
    const keys = slugs.map((slug) => redirectTableKey(this.config.redisPrefix, redirectTableSlug(hostname, slug)));
    await this.redis.hdel(this.key, hostname);
    await delEach(this.redis, keys);
    await this.redis.publish(this.channel, hostname);
  }

  /** The whole set made equal to the database's (at start, and after each scheduled check). */
  async sync(claimed: DomainRecord[]): Promise<void> {
    const stored = await this.redis.hgetall(this.key);
    const wanted = new Map(claimed.map((domain) => [domain.hostname, JSON.stringify(hostEntry(domain))]));
    const stale = Object.keys(stored).filter((host) => !wanted.has(host));
    const changed = [...wanted].filter(([host, value]) => stored[host] !== value);
    if (stale.length === 0 && changed.length === 0) return;
    const multi = this.redis.multi();
    if (stale.length > 0) multi.hdel(this.key, ...stale);
    for (const [host, value] of changed) multi.hset(this.key, host, value);
    multi.publish(this.channel, '*');
    await multi.exec();
  }
}

function hostEntry(domain: DomainRecord): RedirectHost {
  return { rootRedirect: domain.rootRedirect, notFoundRedirect: domain.notFoundRedirect, expiredRedirect: domain.expiredRedirect, hsts: domain.hsts };
}
