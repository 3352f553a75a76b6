import { Injectable } from '@nestjs/common';
import {
  BULK_MAX_IDS,
  BulkResult,
  BulkTagOperation,
  DESIGN_TEMPLATE_MESSAGES,
  DomainError,
  ErrorCode,
  normaliseTag,
  ORGANISE_MESSAGES,
  TAGS_PER_CODE_MAX,
} from '@qrd/contracts';
import { EntityManager } from 'typeorm';
import { validateDesign } from '../rendering';
import { CodeRecord, RedirectSource, storedDesign } from './code.record';
import { codeNotFound, invalid } from './code-errors';
import { CodeEvents } from './code-events';
import { CodeContentFiles, CodeHistoryLog, namedFiles } from './code-ports';
import { CodeRules } from './code-rules';
import { changesRedirect, CodeChanges, CodesRepository } from './codes.repository';
import { CodesService } from './codes.service';

/**
 * The owner's actions on a selection of codes (switch on or off, tag, move to a folder, apply a
 * design template, delete), each all or nothing and each code changing as a single change would.
 */
@Injectable()
export class BulkCodeActions {
  constructor(
    private readonly codes: CodesRepository,
    private readonly reads: CodesService,
    private readonly rules: CodeRules,
    private readonly events: CodeEvents,
    private readonly history: CodeHistoryLog,
    private readonly content: CodeContentFiles,
  ) {}

  /**
   * One action on a selection, all or nothing: every id must be one of the owner's live codes (else
   * 404 and nothing changes). The codes are locked in one transaction and each one changes exactly
   * as a single change would: its history, its redirect entry, its webhook.
   */
  private async bulk(
    userId: string,
    ids: string[],
    work: (tx: EntityManager, codes: CodeRecord[]) => Promise<{ changed: number; events: string[] }>,
  ): Promise<BulkResult> {
    const unique = [...new Set(ids.map((id) => String(id).toLowerCase()))];
    if (unique.length === 0 || unique.length > BULK_MAX_IDS) throw invalid('ids', ORGANISE_MESSAGES.bulkIds);
    const { changed, events } = await this.codes.transaction(async (tx) => {
      const codes = await this.codes.lockOwnedMany(tx, userId, unique);
      if (codes.length !== unique.length) throw new DomainError(ErrorCode.NotFound, ORGANISE_MESSAGES.bulkNotFound);
      return work(tx, codes);
    });
    await this.events.deliver(events);
    return { selected: unique.length, changed };
  }

  /**
   * The same change on each code (those it would not alter are left alone). `webhook: false` for
   * design changes, which send none (as `CodeUpdatesService.change` says).
   */
  private bulkChange(
    userId: string,
    ids: string[],
    changesFor: (code: CodeRecord) => CodeChanges | null,
    options: { apiKeyName?: string; webhook?: boolean; before?: (tx: EntityManager, codes: CodeRecord[]) => Promise<void> } = {},
  ): Promise<BulkResult> {
    const { apiKeyName, webhook = true, before } = options;
    return this.bulk(userId, ids, async (tx, codes) => {
      await before?.(tx, codes);
      const events: string[] = [];
      const redirected: string[] = [];
      let changed = 0;
      for (const code of codes) {
        const changes = changesFor(code);
        if (!changes) continue;
        const after = await this.codes.update(userId, code.id, changes, tx);
        if (!after) throw codeNotFound();
        changed++;
        await this.history.changed(tx, { codeId: code.id, ownerId: userId, actor: 'owner', apiKeyName }, code, after);
        if (changesRedirect(changes)) redirected.push(code.id);
        if (webhook) events.push(...(await this.events.webhook(tx, userId, 'code.updated', this.reads.view(after))));
      }
      return { changed, events: [...(await this.events.changed(tx, redirected)), ...events] };
    });
  }

  bulkSetActive(userId: string, ids: string[], active: boolean, apiKeyName?: string): Promise<BulkResult> {
    return this.bulkChange(userId, ids, (code) => (code.deactivatedByOwner === !active ? null : { deactivatedByOwner: !active }), { apiKeyName });
  }

  bulkTag(userId: string, ids: string[], tagText: string, operation: BulkTagOperation, apiKeyName?: string): Promise<BulkResult> {
    const tag = normaliseTag(tagText);
    const next = (code: CodeRecord): string[] | null => {
      const has = code.tags.includes(tag);
      if (operation === 'add') return has ? null : [...code.tags, tag];
      return has ? code.tags.filter((t) => t !== tag) : null;
    };
    return this.bulkChange(
      userId,
      ids,
      (code) => {
        const tags = next(code);
        return tags ? { tags } : null;
      },
      {
        apiKeyName,
        before: async (_tx, codes) => {
          const full = codes.filter((code) => next(code) && code.tags.length >= TAGS_PER_CODE_MAX);
          if (operation === 'add' && full.length > 0) {
            throw invalid('tag', `${full.length} of the chosen codes already have ${TAGS_PER_CODE_MAX} tags: nothing was changed`);
          }
        },
      },
    );
  }

  bulkMoveToFolder(userId: string, ids: string[], folderId: string | null, apiKeyName?: string): Promise<BulkResult> {
    const folder = folderId ? folderId.toLowerCase() : null;
    return this.bulkChange(userId, ids, (code) => (code.folderId === folder ? null : { folderId: folder }), {
      apiKeyName,
      before: async (tx) => {
        if (folder) await this.rules.requireFolder(tx, userId, folder);
      },
    });
  }

  /**
   * Each chosen code takes the template's design as a single design change does (history, no
   * webhook), all or nothing. A code keeps its own logo unless the template has one; a code the
   * result would not render for refuses the whole action.
   */
  async bulkApplyDesignTemplate(userId: string, ids: string[], templateId: string, apiKeyName?: string): Promise<BulkResult> {
    const template = await this.rules.templateDesign(userId, templateId, 'templateId');
    return this.bulkChange(
      userId,
      ids,
      (code) => {
        const current = storedDesign(code.design);
        const checked = validateDesign({ ...template, logo: template.logo ?? current.logo });
        if ('errors' in checked) throw invalid('templateId', DESIGN_TEMPLATE_MESSAGES.notApplicable(code.name, checked.errors[0]));
        return this.history.differs(code, { ...code, design: checked.design }) ? { design: checked.design } : null;
      },
      { apiKeyName, webhook: false },
    );
  }

  /** As a single deletion for each code: every one leaves its seat free for another code (one code.deleted each). */
  async bulkDelete(userId: string, ids: string[], apiKeyName?: string): Promise<BulkResult> {
    let files: string[] = [];
    const result = await this.bulk(userId, ids, async (tx, codes) => {
      files = codes.flatMap((code) => namedFiles(code.content));
      const deleted: RedirectSource[] = [];
      for (const code of codes) {
        const source = await this.codes.softDelete(tx, userId, code.id);
        if (!source) throw codeNotFound();
        deleted.push(source);
        await this.history.deleted(tx, { codeId: code.id, ownerId: userId, actor: 'owner', apiKeyName });
      }
      const events = await this.events.changed(tx, deleted.map((code) => code.id));
      for (const code of deleted) {
        events.push(...(await this.events.deleted(tx, { codeId: code.id, userId, slug: code.slug })));
        events.push(...(await this.events.webhook(tx, userId, 'code.deleted', { id: code.id, slug: code.slug })));
      }
      return { changed: deleted.length, events };
    });
    await this.content.release(userId, files);
    return result;
  }
}
