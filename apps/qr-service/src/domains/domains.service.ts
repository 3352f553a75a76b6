import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { DOMAIN_CHALLENGE_LABEL, DOMAIN_MESSAGES, DomainError, DomainNotice, DomainState, DomainView, ErrorCode, UpdateDomainDto } from '@qrd/contracts';
import { REDIS, takeTurn } from '@qrd/messaging';
import { DataSource } from 'typeorm';
import { CodeEvents } from '../codes/code-events';
import { DomainDns } from './domain-dns';
import { DomainChanges, DomainRecord, DomainsRepository } from './domains.repository';
import { checkHostname } from './hostname';
import { RedirectHosts } from './redirect-hosts';

/** Domains checked per scheduled run (the least recently checked first). */
const CHECK_BATCH = 500;

function notFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, DOMAIN_MESSAGES.notFound);
}

/**
 * A workspace's custom short domains (docs/custom-domains.md): added with their DNS instructions,
 * verified by their TXT record through real DNS, checked again on a schedule by one replica at a
 * time (pending -> verified -> misconfigured -> disabled -> removed), and kept in the redirect
 * table's set of hosts while they serve links.
 */
@Injectable()
export class DomainsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private readonly ownHosts: string[];

  constructor(
    private readonly domains: DomainsRepository,
    private readonly dns: DomainDns,
    private readonly hosts: RedirectHosts,
    private readonly events: CodeEvents,
    private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.ownHosts = [new URL(config.publicBaseUrl).hostname.toLowerCase()];
  }

  async onApplicationBootstrap(): Promise<void> {
    // Also repaired by every scheduled check: a failure here does not keep the service from starting.
    await this.domains
      .claimed()
      .then((claimed) => this.hosts.sync(claimed))
      .catch((error: unknown) => this.logger.warn({ err: error }, 'custom domains not written to the redirect table at start'));
    const every = this.config.domains.checkEveryMs;
    this.timer = setInterval(() => void this.checkAllIfFirst().catch((error: unknown) => this.logger.warn({ err: error }, 'domain checks failed')), every);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async list(workspaceId: string): Promise<DomainView[]> {
    return (await this.domains.list(workspaceId)).map((domain) => this.view(domain));
  }

  async create(workspaceId: string, typed: string): Promise<DomainView> {
    const checked = checkHostname(typeof typed === 'string' ? typed : '', this.ownHosts);
    if ('problem' in checked) throw new DomainError(ErrorCode.Validation, checked.problem, { hostname: checked.problem });
    const max = this.config.domains.perWorkspace;
    if ((await this.domains.count(workspaceId)) >= max) throw new DomainError(ErrorCode.Conflict, DOMAIN_MESSAGES.tooMany(max));
    if (await this.domains.claimedElsewhere(workspaceId, checked.ascii)) {
      throw new DomainError(ErrorCode.Conflict, DOMAIN_MESSAGES.taken, { hostname: DOMAIN_MESSAGES.taken });
    }
    const id = await this.domains.insert(workspaceId, checked.ascii, `qrd-verify=${randomBytes(18).toString('base64url')}`);
    if (id === null) throw new DomainError(ErrorCode.Conflict, DOMAIN_MESSAGES.added, { hostname: DOMAIN_MESSAGES.added });
    return this.view(await this.require(workspaceId, id));
  }

  async update(workspaceId: string, id: string, changes: UpdateDomainDto): Promise<DomainView> {
    const domain = await this.require(workspaceId, id);
    const { rootRedirect, notFoundRedirect, expiredRedirect, hsts } = changes;
    await this.domains.update(domain.id, { rootRedirect, notFoundRedirect, expiredRedirect, hsts });
    const updated = await this.require(workspaceId, id);
    await this.hosts.apply(updated);
    return this.view(updated);
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    const domain = await this.require(workspaceId, id);
    if (domain.codes > 0) throw new DomainError(ErrorCode.Conflict, DOMAIN_MESSAGES.inUse(domain.codes));
    const slugs = await this.domains.delete(domain.id);
    if (slugs === null) throw new DomainError(ErrorCode.Conflict, DOMAIN_MESSAGES.inUse(1));
    if (!(await this.domains.claimed()).some((other) => other.hostname === domain.hostname)) await this.hosts.remove(domain.hostname, slugs);
  }

  /** Reads the domain's records now (a person pressing "Check now"). */
  async checkNow(workspaceId: string, id: string): Promise<DomainView> {
    const domain = await this.require(workspaceId, id);
    return this.view(await this.check(domain, Date.now()));
  }

  /** The scheduled run: here only if no other replica took this period's turn. */
  async checkAllIfFirst(now: number = Date.now()): Promise<boolean> {
    if (!(await takeTurn(this.redis, this.config.redisPrefix, 'domain-checks', this.config.domains.checkEveryMs))) return false;
    await this.checkAll(now);
    return true;
  }

  async checkAll(now: number = Date.now()): Promise<void> {
    for (const domain of await this.domains.toCheck(CHECK_BATCH)) {
      try {
        await this.check(domain, now);
      } catch (error) {
        this.logger.warn({ err: error, domain: domain.hostname }, 'domain check failed');
      }
    }
    await this.hosts.sync(await this.domains.claimed());
  }

  /** Back office: every domain with its workspace. */
  async adminList(limit: number): Promise<(DomainView & { workspaceId: string })[]> {
    return (await this.domains.all(Math.min(Math.max(1, limit), 1000))).map((domain) => ({ ...this.view(domain), workspaceId: domain.workspaceId }));
  }

  /** An admin of the product disables a domain (its links stop at once) or lets it be checked again. */
  async adminSetDisabled(id: string, disabled: boolean, reason: string | null): Promise<DomainView> {
    const domain = await this.domains.find(null, id);
    if (!domain) throw notFound();
    const changes: DomainChanges = disabled
      ? { state: 'disabled', disabledByAdmin: true, disabledAt: new Date(), reason: reason?.trim() || 'Disabled by an administrator' }
      : { state: 'pending', disabledByAdmin: false, disabledAt: null, reason: null };
    if (disabled) await this.withNotice(domain, changes, { state: 'disabled', reason: changes.reason as string, disablesAt: null, byAdmin: true });
    else await this.domains.update(id, changes);
    const updated = (await this.domains.find(null, id)) as DomainRecord;
    await this.hosts.apply(updated);
    return this.view(disabled ? updated : await this.check(updated, Date.now()));
  }

  /**
   * One check: the TXT record decides. pending -> verified once it is seen (unless another
   * workspace verified the name first); verified -> misconfigured when it is gone; misconfigured ->
   * disabled after the grace period; disabled -> removed after DOMAIN_REMOVE_AFTER_MS when no live
   * code uses it. A DNS failure (no answer) changes no state.
   */
  private async check(domain: DomainRecord, now: number): Promise<DomainRecord> {
    if (domain.disabledByAdmin) return domain;
    const result = await this.dns.challenge(domain.hostname, domain.token);
    const at = new Date(now);
    const changes: DomainChanges = { lastCheckedAt: at };
    if (result.found) {
      if (domain.state !== 'verified') {
        Object.assign(changes, { state: 'verified', verifiedAt: at, misconfiguredSince: null, disabledAt: null, reason: null });
        if (!(await this.domains.update(domain.id, changes, undefined, domain.state))) {
          await this.domains.update(domain.id, { lastCheckedAt: at, reason: DOMAIN_MESSAGES.taken }, undefined, domain.state);
        }
      } else {
        await this.domains.update(domain.id, { ...changes, reason: null }, undefined, domain.state);
      }
    } else {
      changes.reason = result.reason;
      if (!result.lookupFailed) this.nextStateWithoutRecord(domain, now, changes);
      if (changes.state === undefined && domain.state === 'disabled' && this.removable(domain, now)) {
        const slugs = await this.domains.delete(domain.id);
        if (slugs !== null) {
          this.logger.info({ domain: domain.hostname }, 'domain removed after being disabled');
          await this.hosts.remove(domain.hostname, slugs);
          return domain;
        }
      }
      if (changes.state === 'misconfigured' || changes.state === 'disabled') {
        const disablesAt = changes.state === 'misconfigured' ? new Date(now + this.config.domains.graceMs).toISOString() : null;
        await this.withNotice(domain, changes, { state: changes.state, reason: result.reason, disablesAt, byAdmin: false }, domain.state);
      } else {
        await this.domains.update(domain.id, changes, undefined, domain.state);
      }
    }
    const updated = (await this.domains.find(null, domain.id)) ?? domain;
    if (updated.state !== domain.state) {
      this.logger.info({ domain: domain.hostname, from: domain.state, to: updated.state, reason: updated.reason }, 'domain state changed');
      await this.hosts.apply(updated);
    }
    return updated;
  }

  /** The change and the mail to the domain's managers, together (the outbox delivers the mail even after a crash). */
  private async withNotice(
    domain: DomainRecord,
    changes: DomainChanges,
    notice: Omit<DomainNotice, 'workspaceId' | 'hostname'>,
    seen: DomainState | null = null,
  ): Promise<void> {
    const ids = await this.db.transaction(async (tx) => {
      // Told only of a change that happened (a check that lost the race with an admin changes nothing).
      if (!(await this.domains.update(domain.id, changes, tx, seen))) return [];
      return this.events.domainNotice(tx, { workspaceId: domain.workspaceId, hostname: domain.hostname, ...notice });
    });
    await this.events.deliver(ids);
  }

  private nextStateWithoutRecord(domain: DomainRecord, now: number, changes: DomainChanges): void {
    if (domain.state === 'verified') {
      Object.assign(changes, { state: 'misconfigured', misconfiguredSince: new Date(now) });
    } else if (domain.state === 'misconfigured') {
      const since = domain.misconfiguredSince?.getTime() ?? now;
      if (now - since >= this.config.domains.graceMs) Object.assign(changes, { state: 'disabled', disabledAt: new Date(now) });
    }
  }

  private removable(domain: DomainRecord, now: number): boolean {
    return domain.codes === 0 && domain.disabledAt !== null && now - domain.disabledAt.getTime() >= this.config.domains.removeAfterMs;
  }

  private async require(workspaceId: string, id: string): Promise<DomainRecord> {
    const domain = await this.domains.find(workspaceId, id);
    if (!domain) throw notFound();
    return domain;
  }

  private view(domain: DomainRecord): DomainView {
    const graceEnds = domain.state === 'misconfigured' && domain.misconfiguredSince ? new Date(domain.misconfiguredSince.getTime() + this.config.domains.graceMs) : null;
    return {
      id: domain.id,
      hostname: domain.hostname,
      unicodeHostname: domainToUnicode(domain.hostname) || domain.hostname,
      state: domain.state,
      reason: domain.reason,
      lastCheckedAt: domain.lastCheckedAt?.toISOString() ?? null,
      verifiedAt: domain.verifiedAt?.toISOString() ?? null,
      disablesAt: graceEnds?.toISOString() ?? null,
      dns: {
        challenge: { type: 'TXT', name: `${DOMAIN_CHALLENGE_LABEL}.${domain.hostname}`, value: domain.token },
        cname: this.config.domains.cnameTarget,
        addresses: this.config.domains.addresses,
      },
      rootRedirect: domain.rootRedirect,
      notFoundRedirect: domain.notFoundRedirect,
      expiredRedirect: domain.expiredRedirect,
      hsts: domain.hsts,
      codes: Number(domain.codes),
      createdAt: domain.createdAt.toISOString(),
    };
  }
}
