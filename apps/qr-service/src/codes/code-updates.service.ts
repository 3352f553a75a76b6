import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  CONTENT_MESSAGES,
  DOMAIN_MESSAGES,
  DomainError,
  isUniqueWindow,
  ErrorCode,
  normaliseTags,
  QrCodeView,
  QrPattern,
  QrRequests,
  SLUG_MESSAGES,
  slugLookalikeKey,
  UNIQUE_WINDOW_MESSAGE,
} from '@qrd/contracts';
import { CodeRecord, shortUrl, tableSlugOf } from './code.record';
import { codeNotFound, invalid, requireUnchanged, slugTakenOnMove } from './code-errors';
import { CodeEvents } from './code-events';
import { hashCodePassword } from './code-passwords';
import { CodeContentFiles, CodeHistoryLog, namedFiles } from './code-ports';
import { CodeRules } from './code-rules';
import { changesRedirect, CodeChanges, CodesRepository } from './codes.repository';
import { CodesService } from './codes.service';

type UpdateRequest = QrRequests[QrPattern.UpdateCode]['req'];

/**
 * The owner's changes to one code (its settings, its switch, its design through images/) and its
 * deletion: each one recorded in the code's history, its redirect entry rewritten when scans go
 * elsewhere, its webhook sent, the content files it stopped naming released after the commit.
 */
@Injectable()
export class CodeUpdatesService {
  constructor(
    private readonly codes: CodesRepository,
    private readonly reads: CodesService,
    private readonly rules: CodeRules,
    private readonly events: CodeEvents,
    private readonly history: CodeHistoryLog,
    private readonly content: CodeContentFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async update(input: UpdateRequest): Promise<QrCodeView> {
    const changes: CodeChanges = {};
    if (input.name !== undefined) changes.name = this.rules.checkName(input.name);
    if (input.content !== undefined || input.destinationUrl !== undefined || input.password) {
      const current = await this.reads.require(input.userId, input.codeId);
      if (current.content === null && input.content !== undefined) throw invalid('content', CONTENT_MESSAGES.websiteOnly);
      if (current.content !== null && input.destinationUrl !== undefined) throw invalid('destinationUrl', CONTENT_MESSAGES.contentOnly);
      if (current.content !== null && input.password) throw invalid('password', CONTENT_MESSAGES.passwordProtected);
      if (input.content !== undefined) changes.content = await this.rules.prepareContent(input.userId, input.content, {});
    }
    if (input.destinationUrl !== undefined) changes.destination = this.rules.checkDestination(input.destinationUrl);
    if (input.category !== undefined) changes.category = input.category;
    if (input.password !== undefined) changes.passwordHash = input.password === null ? null : await hashCodePassword(input.password);
    if (input.tags !== undefined) changes.tags = normaliseTags(input.tags ?? []);
    if (input.folderId !== undefined) {
      changes.folderId = input.folderId ? input.folderId.toLowerCase() : null;
      if (changes.folderId) await this.rules.requireFolder(this.codes.manager, input.userId, changes.folderId);
    }
    if (input.domainId !== undefined) await this.moveDomain(input, changes);
    if (input.uniqueWindow !== undefined) {
      // Checked here too: the message bus takes requests from more than the gateway's validated routes.
      if (!isUniqueWindow(input.uniqueWindow)) throw invalid('uniqueWindow', UNIQUE_WINDOW_MESSAGE);
      changes.uniqueWindow = input.uniqueWindow;
    }
    if (input.campaign !== undefined) {
      const previous = input.campaign === null ? null : (await this.reads.require(input.userId, input.codeId)).campaign;
      changes.campaign = this.rules.checkCampaign(input.campaign, previous);
    }
    const changed = await this.change(input.userId, input.codeId, changes, { webhook: true, apiKeyName: input.apiKeyName, unchangedSince: input.unchangedSince });
    return changed.campaign?.scanLimit ? this.reads.withRemainingScans(changed) : this.reads.view(changed);
  }

  /**
   * The code's link moves to another domain (same slug): refused when the slug is taken there, and
   * asked to be confirmed once the code was scanned or downloaded (its prints stop working).
   */
  private async moveDomain(input: UpdateRequest, changes: CodeChanges): Promise<void> {
    const current = await this.reads.require(input.userId, input.codeId);
    const target = input.domainId ? await this.rules.requireVerifiedDomain(input.userId, input.domainId) : null;
    if (target === current.domainId) return;
    if (target !== null && current.content !== null) throw invalid('domainId', DOMAIN_MESSAGES.pagesOnDefaultHost);
    const clash = await this.codes.slugClash(current.slug, slugLookalikeKey(current.slug), input.userId, target);
    if (clash) throw invalid('domainId', clash === 'taken' ? SLUG_MESSAGES.taken : SLUG_MESSAGES.confusable);
    if ((Number(current.scans) > 0 || current.downloadedAt !== null) && input.confirmDomainMove !== true) {
      const message = DOMAIN_MESSAGES.moveBreaksPrints(shortUrl(this.config.publicBaseUrl, current.slug, current.domainHost));
      throw new DomainError(ErrorCode.Conflict, message, { domainId: message });
    }
    changes.domainId = target;
  }

  async setActive(userId: string, codeId: string, active: boolean, apiKeyName?: string, unchangedSince?: string): Promise<QrCodeView> {
    return this.reads.view(await this.change(userId, codeId, { deactivatedByOwner: !active }, { webhook: true, apiKeyName, unchangedSince }));
  }

  /**
   * A change by the owner, recorded in the code's history, and its redirect entry rewritten when it
   * alters where scans go. Design changes send no webhook (code.updated is about the code's settings).
   */
  async change(
    userId: string,
    codeId: string,
    changes: CodeChanges,
    options: { webhook: boolean; apiKeyName?: string; unchangedSince?: string },
  ): Promise<CodeRecord> {
    let files: { before: string[]; after: string[] } = { before: [], after: [] };
    const [after, events] = await this.codes.transaction(async (tx): Promise<[CodeRecord | null, string[]]> => {
      if (changes.content) {
        // Under the owner's lock, as a release of files is: a file it names cannot go meanwhile.
        await this.codes.lockOwner(tx, userId);
        await this.content.requireFiles(tx, userId, changes.content);
      }
      const before = await this.codes.lockOwned(tx, userId, codeId);
      if (before) requireUnchanged(before, options.unchangedSince);
      const code = before && (await this.codes.update(userId, codeId, changes, tx).catch(slugTakenOnMove));
      if (!before || !code) return [null, []];
      files = { before: namedFiles(before.content), after: namedFiles(code.content) };
      await this.history.changed(tx, { codeId, ownerId: userId, actor: 'owner', apiKeyName: options.apiKeyName }, before, code);
      const redirect = changesRedirect(changes) ? await this.events.changed(tx, [code.id]) : [];
      // Moved to another domain: its old link is answered "not found" from now on.
      if (tableSlugOf(before) !== tableSlugOf(code)) redirect.push(...(await this.events.tombstone(tx, tableSlugOf(before), code.id, Number(code.version))));
      const webhook = options.webhook ? await this.events.webhook(tx, userId, 'code.updated', this.reads.view(code)) : [];
      return [code, [...redirect, ...webhook]];
    });
    if (!after) throw codeNotFound();
    await this.events.deliver(events);
    await this.content.release(userId, files.before, files.after);
    return after;
  }

  /**
   * The code's seat stays paid until the period ends and is free for the next code (the renewal
   * drops seats no code uses). The slug stays in the table as a tombstone, following from the
   * events written with the deletion (see CodeEvents).
   */
  async delete(userId: string, codeId: string, apiKeyName?: string, unchangedSince?: string): Promise<void> {
    let files: string[] = [];
    const events = await this.codes.transaction(async (tx) => {
      const before = await this.codes.lockOwned(tx, userId, codeId);
      if (before) requireUnchanged(before, unchangedSince);
      files = namedFiles(before?.content);
      const code = await this.codes.softDelete(tx, userId, codeId);
      if (!code) throw codeNotFound();
      await this.history.deleted(tx, { codeId, ownerId: userId, actor: 'owner', apiKeyName });
      return [
        ...(await this.events.changed(tx, [code.id])),
        ...(await this.events.deleted(tx, { codeId, userId, slug: code.slug })),
        ...(await this.events.webhook(tx, userId, 'code.deleted', { id: codeId, slug: code.slug })),
      ];
    });
    await this.events.deliver(events);
    await this.content.release(userId, files);
  }
}
