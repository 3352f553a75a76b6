import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import type { EntityManager } from 'typeorm';
import {
  ABUSE_MESSAGES,
  AbuseReportPage,
  contentLinks,
  AbuseReportView,
  DomainError,
  ErrorCode,
  QrPattern,
  QrRequests,
  ReconcileCheck,
  ReportedCodeView,
  SLUG_PATTERN,
} from '@qrd/contracts';
import { CodeEvents } from '../codes/code-events';
import { shortUrl } from '../codes/code.record';
import { CodeHistoryRepository } from '../history/code-history.repository';
import { AbuseCodeRow, AbuseRepository, toReportedCode } from './abuse.repository';
import { DestinationBlocklist, matchBlocked } from './destination-blocklist';

type Req<P extends QrPattern> = QrRequests[P]['req'];

function codeNotFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, 'QR code not found');
}

/** Takedowns by the blocklist are told apart from an admin's in the log and the owner's mail. */
export function blocklistReason(domain: string): string {
  return `Its destination is on ${domain}, a website on our abuse blocklist.`;
}

/** The same for a hosted page (link list, contact card) that links to a blocked website. */
export function pageLinkReason(domain: string): string {
  return `A link on its page leads to ${domain}, a website on our abuse blocklist.`;
}

/** Content codes read a page at a time by the blocklist check. */
const PAGE_LINKS_BATCH = 500;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** The blocked domain one of these addresses leads to, or null (an address that does not parse leads nowhere). */
function blockedAmong(urls: string[], domains: string[]): string | null {
  for (const url of urls) {
    try {
      const domain = matchBlocked(new URL(url).hostname, domains);
      if (domain) return domain;
    } catch {
      continue;
    }
  }
  return null;
}

/**
 * Abuse handling: reports from the public form, the admin queue, takedown and restore of any code
 * (through the versioned redirect entry: 'disabled'), and the operator's domain blocklist, checked
 * at start and by every reconciliation pass.
 */
@Injectable()
export class AbuseService implements OnApplicationBootstrap {
  constructor(
    private readonly repo: AbuseRepository,
    private readonly events: CodeEvents,
    private readonly history: CodeHistoryRepository,
    private readonly blocklist: DestinationBlocklist,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The list may have changed while the service was down: existing codes are checked at once (not awaited). */
  onApplicationBootstrap(): void {
    this.enforceBlocklist().catch((error: unknown) => this.logger.error({ err: error }, 'blocklist check at start failed'));
  }

  /** Any well-formed slug may be reported (a deleted or unknown one too: the admin sees which). */
  async createReport(req: Req<QrPattern.CreateReport>): Promise<{ id: string }> {
    if (!SLUG_PATTERN.test(req.slug)) throw new DomainError(ErrorCode.Validation, ABUSE_MESSAGES.codeInvalid, { code: ABUSE_MESSAGES.codeInvalid });
    const code = await this.repo.findCodeBySlug(req.slug);
    const id = await this.repo.insertReport({ ...req, codeId: code?.id ?? null, details: req.details.trim() });
    this.logger.info({ reportId: id, slug: req.slug, reason: req.reason }, 'abuse report received');
    return { id };
  }

  async listReports(req: Req<QrPattern.ListReports>): Promise<AbuseReportPage> {
    const { items, total } = await this.repo.listReports(req.status, req.page, req.pageSize);
    return { items, total, page: req.page, pageSize: req.pageSize };
  }

  async setReportStatus(req: Req<QrPattern.SetReportStatus>): Promise<AbuseReportView> {
    const report = await this.repo.setReportStatus(req.reportId, req.status, req.actorId);
    if (!report) throw new DomainError(ErrorCode.NotFound, 'Report not found');
    return report;
  }

  /** Idempotent: a code already down stays down with its first reason (and its owner is mailed once). */
  async takeDown(req: Req<QrPattern.TakeDownCode>): Promise<ReportedCodeView> {
    const code = await this.requireCode(req.slug);
    if (code.deletedAt) throw new DomainError(ErrorCode.Conflict, 'This QR code was deleted by its owner; it already answers "not found".');
    await this.takeDownCode(code, req.reason.trim(), req.actorId);
    return toReportedCode(await this.requireCode(req.slug));
  }

  async restore(req: Req<QrPattern.RestoreCode>): Promise<ReportedCodeView> {
    const code = await this.requireCode(req.slug);
    const domains = this.blocklist.domains();
    const blocked = blockedAmong([code.destination], domains);
    if (blocked) {
      throw new DomainError(
        ErrorCode.Conflict,
        `This code still leads to ${blocked}, which is on the blocklist: it would be taken down again. The owner must change its destination first.`,
      );
    }
    const linked = code.content ? blockedAmong(contentLinks(code.content), domains) : null;
    if (linked) {
      throw new DomainError(
        ErrorCode.Conflict,
        `This code's page still links to ${linked}, which is on the blocklist: it would be taken down again. The owner must change that link first.`,
      );
    }
    const events = await this.repo.transaction(async (tx) => {
      const restored = await this.repo.restore(tx, code.id);
      if (!restored) return [];
      await this.recordTakedown(tx, code, 'admin', { down: true, reason: code.takedownReason }, { down: false, reason: null });
      return this.events.changed(tx, [code.id]);
    });
    await this.events.deliver(events);
    if (events.length) this.logger.info({ codeId: code.id, slug: code.slug, actorId: req.actorId }, 'code restored after a takedown');
    return toReportedCode(await this.requireCode(req.slug));
  }

  /**
   * Takes down every live code whose destination, or a link of whose hosted page (link-list
   * buttons, a contact card's website), is on the blocklist now; the reconciliation's "blocklist" check.
   */
  async enforceBlocklist(): Promise<ReconcileCheck> {
    const domains = this.blocklist.domains();
    const codes = await this.repo.codesOnDomains(domains);
    const details: string[] = [];
    for (const code of codes) {
      const domain = matchBlocked(code.host, domains) ?? code.host;
      await this.takeDownCode(code, blocklistReason(domain), null);
      details.push(`took down /r/${code.slug}: its destination is on ${domain}`);
    }
    const pages = domains.length ? await this.takeDownPagesLinkingTo(domains) : [];
    details.push(...pages);
    return { check: 'blocklist', checked: domains.length, repaired: codes.length + pages.length, needsAttention: 0, details: details.slice(0, 20) };
  }

  /** Hosted pages whose links lead to a blocked domain are taken down; answers what was done. */
  private async takeDownPagesLinkingTo(domains: string[]): Promise<string[]> {
    const details: string[] = [];
    let after = FIRST_ID;
    for (;;) {
      const codes = await this.repo.codesWithPageLinks(after, PAGE_LINKS_BATCH);
      for (const code of codes) {
        const domain = code.content ? blockedAmong(contentLinks(code.content), domains) : null;
        if (!domain) continue;
        await this.takeDownCode(code, pageLinkReason(domain), null);
        details.push(`took down /r/${code.slug}: a link on its page leads to ${domain}`);
      }
      if (codes.length < PAGE_LINKS_BATCH) return details;
      after = codes[codes.length - 1].id;
    }
  }

  private async takeDownCode(code: AbuseCodeRow, reason: string, actorId: string | null): Promise<void> {
    const events = await this.repo.transaction(async (tx) => {
      const down = await this.repo.takeDown(tx, code.id, reason);
      if (!down) return [];
      await this.repo.resolveOpenReports(tx, code.id, actorId);
      await this.recordTakedown(tx, code, actorId ? 'admin' : 'system', { down: false, reason: null }, { down: true, reason });
      return [
        ...(await this.events.changed(tx, [code.id])),
        ...(await this.events.takenDown(tx, {
          codeId: code.id,
          userId: code.ownerId,
          slug: code.slug,
          shortUrl: shortUrl(this.config.publicBaseUrl, code.slug, down.domainHost ?? null),
          name: code.name,
          destination: code.destination,
          reason,
        })),
      ];
    });
    await this.events.deliver(events);
    if (events.length) this.logger.warn({ codeId: code.id, slug: code.slug, actorId, reason }, 'code taken down');
  }

  /** The owner sees takedowns and restores in the code's history (a code of an erased account has none). */
  private async recordTakedown(
    tx: EntityManager,
    code: AbuseCodeRow,
    actor: 'admin' | 'system',
    before: { down: boolean; reason: string | null },
    after: { down: boolean; reason: string | null },
  ): Promise<void> {
    if (!code.ownerId) return;
    await this.history.record(tx, { codeId: code.id, ownerId: code.ownerId, actor }, [
      {
        kind: 'takedown',
        changes: [
          { field: 'takenDown', before: before.down, after: after.down },
          { field: 'reason', before: before.reason, after: after.reason },
        ],
      },
    ]);
  }

  private async requireCode(slug: string): Promise<AbuseCodeRow> {
    if (!SLUG_PATTERN.test(slug)) throw codeNotFound();
    const code = await this.repo.findCodeBySlug(slug);
    if (!code) throw codeNotFound();
    return code;
  }
}
