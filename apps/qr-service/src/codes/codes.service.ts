import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  DESIGN_TEMPLATE_MESSAGES,
  ABUSE_MESSAGES,
  API_KEY_MESSAGES,
  AuthPattern,
  BillingPattern,
  CODE_PAGE_MAX_LIMIT,
  CODE_SORTS,
  CodePage,
  CodePageRequest,
  cursorProblem,
  decodeCodeCursor,
  encodeCodeCursor,
  DomainError,
  ErrorCode,
  QR_MESSAGES,
  QrCodeView,
  QrPattern,
  QrRequests,
  RedirectEntry,
  RedirectTableRebuild,
  codeNameProblem,
  destinationProblem,
  redirectsEnabledFor,
  campaignChangeProblems,
  CampaignSettings,
  scanLimitKey,
  customSlugProblem,
  SlugAvailability,
  SLUG_MESSAGES,
  slugLookalikeKey,
  BULK_MAX_IDS,
  BulkResult,
  BulkTagOperation,
  normaliseTag,
  normaliseTags,
  ORGANISE_MESSAGES,
  TAGS_PER_CODE_MAX,
  CONTENT_MESSAGES,
  CodeContent,
  publicPagePath,
  StoredContent,
  CreateQrCodeDto,
  FieldErrors,
  validateDto,
} from '@qrd/contracts';
import { EntityManager } from 'typeorm';
import argon2 from 'argon2';
import IORedis from 'ioredis';
import { MessageBus, REDIS } from '@qrd/messaging';
import { DEFAULT_DESIGN, QrDesign, validateDesign } from '../rendering';
import { CodeRecord, redirectSource, RedirectSource, storedDesign, toCodeView, toRedirectEntry } from './code.record';
import { changesRedirect, CodeChanges, CodesRepository } from './codes.repository';
import { RedirectTable } from './redirect-table';
import { RedirectTableMaintainer } from './redirect-table-maintainer';
import { CodeEvents } from './code-events';
import { DestinationBlocklist } from '../abuse/destination-blocklist';
import { destinationRefusal } from './destination-policy';
import { newSlug } from './slug';
import { SeatGate } from './seat-gate';
import { codeChanges, creationChanges } from '../history/code-diff';
import { CodeHistoryRepository } from '../history/code-history.repository';
import { ContentService } from '../content/content.service';
import { ContentFileJanitor, namedFiles } from '../content/content-file-janitor';

type Req<P extends QrPattern> = QrRequests[P]['req'];

/** A creation done at most once (see CodesService.createOnce). */
export interface CreateStep {
  claim(tx: EntityManager): Promise<boolean>;
  created(tx: EntityManager, code: CodeRecord): Promise<void>;
}

const NOT_FOUND = 'QR code not found';

export function codeNotFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, NOT_FOUND);
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { [field]: message });
}

/** A code's password as the redirect-service verifies it (argon2id). */
function hashCodePassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** Codes: ownership, the billing gate, owner activation, and the redirect table kept in step. */
@Injectable()
export class CodesService {
  constructor(
    private readonly codes: CodesRepository,
    private readonly table: RedirectTable,
    private readonly maintainer: RedirectTableMaintainer,
    private readonly bus: MessageBus,
    private readonly events: CodeEvents,
    private readonly blocklist: DestinationBlocklist,
    private readonly history: CodeHistoryRepository,
    private readonly content: ContentService,
    private readonly janitor: ContentFileJanitor,
    private readonly seats: SeatGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: IORedis,
  ) {}

  /** The time campaign settings are checked against (what is in the past). */
  now: () => number = Date.now;

  async list(userId: string): Promise<QrCodeView[]> {
    return this.views(await this.codes.listOwned(userId));
  }

  /** Views of several codes, their scan-limit counters read in one Redis call. */
  private async views(codes: CodeRecord[]): Promise<QrCodeView[]> {
    const limited = codes.filter((code) => code.campaign?.scanLimit);
    const used = new Map<string, number>();
    if (limited.length > 0) {
      const counters = await this.redis.mget(limited.map((code) => scanLimitKey(this.config.redisPrefix, code.id)));
      limited.forEach((code, i) => used.set(code.id, Number(counters[i] ?? 0)));
    }
    return codes.map((code) => this.view(code, used.get(code.id) ?? null));
  }

  /** The owner's codes whose scan limit is used up (what the state filters need). */
  private async limitReached(userId: string, now: Date): Promise<string[]> {
    const limited = await this.codes.limitedCodes(userId, now);
    if (limited.length === 0) return [];
    const counters = await this.redis.mget(limited.map((code) => scanLimitKey(this.config.redisPrefix, code.id)));
    return limited.filter((code, i) => Number(counters[i] ?? 0) >= code.scanLimit).map((code) => code.id);
  }

  /** A page of codes; the cursor is checked again here (the queue trusts no shape). */
  async listPage(userId: string, request: CodePageRequest): Promise<CodePage<QrCodeView>> {
    const { cursor, ...filters } = request;
    if (!CODE_SORTS.includes(request.sort) || !(request.limit >= 1 && request.limit <= CODE_PAGE_MAX_LIMIT)) {
      throw invalid('sort', 'A page needs a known sort and a limit from 1 to 100');
    }
    let after = null;
    if (cursor !== null) {
      const problem = cursorProblem(cursor, request.sort, request.order);
      if (problem) throw invalid('cursor', problem);
      after = decodeCodeCursor(cursor);
    }
    const now = new Date(this.now());
    const needsCounters = request.state === 'active' || request.state === 'scan_limit_reached';
    const facts = { now, limitReached: needsCounters ? await this.limitReached(userId, now) : [] };
    const { rows, total } = await this.codes.listPage(userId, filters, after, facts);
    const items = rows.slice(0, request.limit);
    const last = items[items.length - 1];
    const nextCursor =
      rows.length > request.limit && last
        ? encodeCodeCursor({ sort: request.sort, order: request.order, key: last.sortKey, id: last.id })
        : null;
    return { items: await this.views(items), nextCursor, total };
  }

  async get(userId: string, codeId: string): Promise<QrCodeView> {
    return this.withRemainingScans(await this.require(userId, codeId));
  }

  /** The owner's view of one code, with the scans its limit leaves (the redirect-service's counter). */
  private async withRemainingScans(code: CodeRecord): Promise<QrCodeView> {
    const limit = code.campaign?.scanLimit;
    if (!limit) return { ...this.view(code), remainingScans: null };
    const used = Number((await this.redis.get(scanLimitKey(this.config.redisPrefix, code.id))) ?? 0);
    return { ...this.view(code, used), remainingScans: Math.max(0, limit - used) };
  }

  /** Settings checked against now (and the switches that already happened); null clears them all. */
  private checkCampaign(next: CampaignSettings | null | undefined, previous: CampaignSettings | null): CampaignSettings | null | undefined {
    if (next === undefined || next === null) return next;
    const errors = campaignChangeProblems(next, previous, this.now());
    if (Object.keys(errors).length === 0) Object.assign(errors, this.campaignUrlRefusals(next));
    const fields = Object.keys(errors);
    if (fields.length > 0) {
      const details = Object.fromEntries(fields.map((field) => [`campaign.${field}`, errors[field]]));
      throw new DomainError(ErrorCode.Validation, errors[fields[0]], details);
    }
    return next;
  }

  /** Needs an active subscription with a free seat; creations of one owner run one at a time. */
  async create(input: Req<QrPattern.CreateCode>): Promise<QrCodeView> {
    const created = await this.createOnce(input, null);
    if (!created) throw new DomainError(ErrorCode.Internal, 'The QR code could not be created; please try again');
    return created;
  }

  /**
   * What the create form would say of these fields, every field at once (a bulk import's row):
   * the contract's rules and messages, then what only the server knows (the destination policy,
   * whether a custom short link is free). Empty when the code can be created.
   */
  async fieldProblems(userId: string, fields: { name: string; destinationUrl: string; category?: string; slug?: string }): Promise<FieldErrors> {
    const errors = await validateDto(CreateQrCodeDto, fields);
    const serverChecks: [string, () => unknown][] = [
      ['name', () => this.checkName(fields.name)],
      ['destinationUrl', () => this.checkDestination(fields.destinationUrl)],
      ['slug', () => (fields.slug === undefined ? undefined : this.checkCustomSlug(userId, fields.slug))],
    ];
    for (const [field, check] of serverChecks) {
      if (errors[field]) continue;
      try {
        await check();
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.Validation) errors[field] = error.message;
        else throw error;
      }
    }
    return errors;
  }

  /**
   * A creation that happens at most once: `step.claim` runs in the creation's transaction, under
   * the owner's lock, before the insert (false: it already happened, nothing is created and null
   * is answered); `step.created` runs in the same transaction after the insert.
   */
  async createOnce(input: Req<QrPattern.CreateCode>, step: CreateStep | null): Promise<QrCodeView | null> {
    const name = this.checkName(input.name);
    const content = input.content === undefined ? null : await this.prepareContent(input.userId, input.content, input);
    const destination = content ? null : this.checkDestination(input.destinationUrl);
    const campaign = this.checkCampaign(input.campaign, null) ?? null;
    if (input.slug !== undefined) await this.checkCustomSlug(input.userId, input.slug);
    const passwordHash = input.password ? await hashCodePassword(input.password) : null;
    const tags = normaliseTags(input.tags ?? []);
    const folderId = input.folderId ? input.folderId.toLowerCase() : null;
    const design = input.designTemplateId === undefined ? { ...DEFAULT_DESIGN } : await this.templateDesign(input.userId, input.designTemplateId);
    // Billing is asked before the lock and the transaction; the seat itself is counted under the lock.
    const allowance = await this.seats.allowance(input.userId);
    const [created, events] = await this.codes.transaction(async (tx): Promise<[CodeRecord | null, string[]]> => {
      await this.codes.lockOwner(tx, input.userId);
      if (content) await this.content.requireFiles(tx, input.userId, content);
      if (step && !(await step.claim(tx))) return [null, []];
      if (folderId) await this.requireFolder(tx, input.userId, folderId);
      await this.seats.requireFreeSeats(tx, allowance);
      const owner = await this.codes.ownerFlags(tx, input.userId);
      for (let attempt = 0; attempt < 5; attempt++) {
        const slug = input.slug ?? newSlug();
        const code = await this.codes.insert(tx, {
          slug,
          ownerId: input.userId,
          name,
          // A content code's scans go through /r/{slug} like any other, then to its page here.
          destination: destination ?? this.pageUrl(slug),
          category: input.category ?? null,
          design,
          campaign,
          passwordHash,
          tags,
          folderId,
          content,
          ...owner,
        });
        if (code) {
          await this.history.record(tx, { codeId: code.id, ownerId: code.ownerId, actor: 'owner', apiKeyName: input.apiKeyName }, [creationChanges(code)]);
          if (step) await step.created(tx, code);
          return [code, [...(await this.events.changed(tx, [code.id])), ...(await this.events.webhook(tx, code.ownerId, 'code.created', this.view(code)))]];
        }
        // A custom slug taken meanwhile: another attempt would not change it.
        if (input.slug !== undefined) throw invalid('slug', SLUG_MESSAGES.taken);
      }
      throw new DomainError(ErrorCode.Internal, 'Could not find a free short link; please try again');
    });
    await this.events.deliver(events);
    return created && this.view(created);
  }

  /** A saved template's design, checked again (it may predate today's rules); another owner's is not found. */
  async templateDesign(userId: string, templateId: string, field = 'designTemplateId'): Promise<QrDesign> {
    const stored = typeof templateId === 'string' ? await this.codes.templateDesign(userId, templateId) : null;
    if (stored === null) throw invalid(field, DESIGN_TEMPLATE_MESSAGES.notFound);
    const checked = validateDesign(storedDesign(stored));
    if ('errors' in checked) throw invalid(field, checked.errors[0]);
    return checked.design;
  }

  /** The owner's design templates by name as a person types it (trimmed, any case): name -> id. */
  templateIdsByName(userId: string): Promise<Map<string, string>> {
    return this.codes.templateIdsByName(userId);
  }

  /** As the owner types a custom slug: whether creating the code with it would succeed now. */
  async slugAvailability(userId: string, slug: string): Promise<SlugAvailability> {
    try {
      await this.checkCustomSlug(userId, slug);
      return { slug, available: true };
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Validation) return { slug, available: false, reason: error.message };
      throw error;
    }
  }

  private async checkCustomSlug(userId: string, slug: string): Promise<void> {
    const problem = customSlugProblem(slug);
    if (problem) throw invalid('slug', problem);
    const clash = await this.codes.slugClash(slug, slugLookalikeKey(slug), userId);
    if (clash) throw invalid('slug', clash === 'taken' ? SLUG_MESSAGES.taken : SLUG_MESSAGES.confusable);
  }

  async update(input: Req<QrPattern.UpdateCode>): Promise<QrCodeView> {
    const changes: CodeChanges = {};
    if (input.name !== undefined) changes.name = this.checkName(input.name);
    if (input.content !== undefined || input.destinationUrl !== undefined || input.password) {
      const current = await this.require(input.userId, input.codeId);
      if (current.content === null && input.content !== undefined) throw invalid('content', CONTENT_MESSAGES.websiteOnly);
      if (current.content !== null && input.destinationUrl !== undefined) throw invalid('destinationUrl', CONTENT_MESSAGES.contentOnly);
      if (current.content !== null && input.password) throw invalid('password', CONTENT_MESSAGES.passwordProtected);
      if (input.content !== undefined) changes.content = await this.prepareContent(input.userId, input.content, {});
    }
    if (input.destinationUrl !== undefined) changes.destination = this.checkDestination(input.destinationUrl);
    if (input.category !== undefined) changes.category = input.category;
    if (input.password !== undefined) changes.passwordHash = input.password === null ? null : await hashCodePassword(input.password);
    if (input.tags !== undefined) changes.tags = normaliseTags(input.tags ?? []);
    if (input.folderId !== undefined) {
      changes.folderId = input.folderId ? input.folderId.toLowerCase() : null;
      if (changes.folderId) await this.requireFolder(this.codes.manager, input.userId, changes.folderId);
    }
    if (input.campaign !== undefined) {
      const previous = input.campaign === null ? null : (await this.require(input.userId, input.codeId)).campaign;
      changes.campaign = this.checkCampaign(input.campaign, previous);
    }
    const changed = await this.change(input.userId, input.codeId, changes, { webhook: true, apiKeyName: input.apiKeyName, unchangedSince: input.unchangedSince });
    return changed.campaign?.scanLimit ? this.withRemainingScans(changed) : this.view(changed);
  }

  async setActive(userId: string, codeId: string, active: boolean, apiKeyName?: string, unchangedSince?: string): Promise<QrCodeView> {
    return this.view(await this.change(userId, codeId, { deactivatedByOwner: !active }, { webhook: true, apiKeyName, unchangedSince }));
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
      const code = before && (await this.codes.update(userId, codeId, changes, tx));
      if (!before || !code) return [null, []];
      files = { before: namedFiles(before.content), after: namedFiles(code.content) };
      await this.history.record(tx, { codeId, ownerId: userId, actor: 'owner', apiKeyName: options.apiKeyName }, codeChanges(before, code));
      const redirect = changesRedirect(changes) ? await this.events.changed(tx, [code.id]) : [];
      const webhook = options.webhook ? await this.events.webhook(tx, userId, 'code.updated', this.view(code)) : [];
      return [code, [...redirect, ...webhook]];
    });
    if (!after) throw codeNotFound();
    await this.events.deliver(events);
    await this.janitor.release(userId, files.before, files.after);
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
      await this.history.record(tx, { codeId, ownerId: userId, actor: 'owner', apiKeyName }, [{ kind: 'deleted', changes: [] }]);
      return [
        ...(await this.events.changed(tx, [code.id])),
        ...(await this.events.deleted(tx, { codeId, userId, slug: code.slug })),
        ...(await this.events.webhook(tx, userId, 'code.deleted', { id: codeId, slug: code.slug })),
      ];
    });
    await this.events.deliver(events);
    await this.janitor.release(userId, files);
  }

  /** A folder of the owner's, or a 404 that changes nothing. */
  private async requireFolder(tx: EntityManager, userId: string, folderId: string): Promise<void> {
    if (!(await this.codes.folderExists(tx, userId, folderId))) throw new DomainError(ErrorCode.NotFound, ORGANISE_MESSAGES.folderNotFound);
  }

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
   * design changes, which send none (as `change` says).
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
        await this.history.record(tx, { codeId: code.id, ownerId: userId, actor: 'owner', apiKeyName }, codeChanges(code, after));
        if (changesRedirect(changes)) redirected.push(code.id);
        if (webhook) events.push(...(await this.events.webhook(tx, userId, 'code.updated', this.view(after))));
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
        if (folder) await this.requireFolder(tx, userId, folder);
      },
    });
  }

  /**
   * Each chosen code takes the template's design as a single design change does (history, no
   * webhook), all or nothing. A code keeps its own logo unless the template has one; a code the
   * result would not render for refuses the whole action.
   */
  async bulkApplyDesignTemplate(userId: string, ids: string[], templateId: string, apiKeyName?: string): Promise<BulkResult> {
    const template = await this.templateDesign(userId, templateId, 'templateId');
    return this.bulkChange(
      userId,
      ids,
      (code) => {
        const current = storedDesign(code.design);
        const checked = validateDesign({ ...template, logo: template.logo ?? current.logo });
        if ('errors' in checked) throw invalid('templateId', DESIGN_TEMPLATE_MESSAGES.notApplicable(code.name, checked.errors[0]));
        return codeChanges(code, { ...code, design: checked.design }).length === 0 ? null : { design: checked.design };
      },
      { apiKeyName, webhook: false },
    );
  }

  /** As `delete` for each code: every one leaves its seat free for another code (one code.deleted each). */
  async bulkDelete(userId: string, ids: string[], apiKeyName?: string): Promise<BulkResult> {
    let files: string[] = [];
    const result = await this.bulk(userId, ids, async (tx, codes) => {
      files = codes.flatMap((code) => namedFiles(code.content));
      const deleted: RedirectSource[] = [];
      for (const code of codes) {
        const source = await this.codes.softDelete(tx, userId, code.id);
        if (!source) throw codeNotFound();
        deleted.push(source);
        await this.history.record(tx, { codeId: code.id, ownerId: userId, actor: 'owner', apiKeyName }, [{ kind: 'deleted', changes: [] }]);
      }
      const events = await this.events.changed(tx, deleted.map((code) => code.id));
      for (const code of deleted) {
        events.push(...(await this.events.deleted(tx, { codeId: code.id, userId, slug: code.slug })));
        events.push(...(await this.events.webhook(tx, userId, 'code.deleted', { id: code.id, slug: code.slug })));
      }
      return { changed: deleted.length, events };
    });
    await this.janitor.release(userId, files);
    return result;
  }

  /**
   * A redirect-service miss while the table is not complete: the database answers and the entry is
   * written (compare-and-set: a rebuild or a change that got there first is not overwritten).
   */
  async resolveSlug(slug: string): Promise<RedirectEntry | null> {
    const code = await this.codes.findBySlug(slug);
    if (!code) return null;
    const source = redirectSource(code);
    await this.publish([source]);
    return toRedirectEntry(source);
  }

  rebuildRedirectTable(): Promise<RedirectTableRebuild> {
    return this.maintainer.rebuild('requested');
  }

  /** The seats taken: live codes and the rows bulk imports in progress hold (what billing counts as used). */
  count(userId: string, exceptImport?: string): Promise<number> {
    return this.codes.seatsTaken(userId, undefined, exceptImport ?? null);
  }

  async userStats(userIds: string[]): Promise<Record<string, { codes: number; scans: number }>> {
    const out: Record<string, { codes: number; scans: number }> = {};
    for (const id of userIds) out[id] = { codes: 0, scans: 0 };
    for (const row of await this.codes.userStats(userIds)) out[row.ownerId] = { codes: row.codes, scans: row.scans };
    return out;
  }

  /**
   * subscription.changed, user.suspended, user.reactivated: one reason flag, the others untouched.
   * Events of one user can be handled out of order (parallel workers, retries), so an event only
   * says "look again": the owning service's current answer decides, read and applied under the
   * owner's lock, so the last one applied is always the newest.
   */
  async syncOwnerSuspension(userId: string, reason: 'billing' | 'account'): Promise<void> {
    const events = await this.codes.transaction(async (tx) => {
      await this.codes.lockOwner(tx, userId);
      const suspended = reason === 'billing' ? await this.billingStopsRedirects(userId) : await this.accountSuspended(userId);
      const changed = await this.codes.setOwnerSuspension(userId, reason, suspended, tx);
      return this.events.changed(tx, changed.map((code) => code.id));
    });
    // Delivered after the commit: written earlier, an entry could outlive a rolled-back change.
    await this.events.deliver(events);
  }

  private async billingStopsRedirects(userId: string): Promise<boolean> {
    const { status } = await this.bus.request(BillingPattern.Entitlement, { userId, codesInUse: 0 });
    return !redirectsEnabledFor(status);
  }

  private async accountSuspended(userId: string): Promise<boolean> {
    try {
      return (await this.bus.request(AuthPattern.GetUser, { userId })).status !== 'active';
    } catch (error) {
      // An account that no longer exists redirects nothing.
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) return true;
      throw error;
    }
  }

  /** `user.deleted`: the account's codes answer 410 from now on, and nothing of the owner is kept (its stored files neither). */
  async eraseOwner(userId: string): Promise<void> {
    const [events, storageKeys] = await this.codes.transaction(async (tx): Promise<[string[], string[]]> => {
      const { erased, storageKeys } = await this.codes.eraseOwner(tx, userId);
      return [await this.events.changed(tx, erased.map((code) => code.id)), storageKeys];
    });
    await this.events.deliver(events);
    await this.janitor.removeStored(storageKeys);
    await this.events.forgetUser(userId);
  }

  async require(userId: string, codeId: string): Promise<CodeRecord> {
    const code = await this.codes.findOwned(userId, codeId);
    if (!code) throw codeNotFound();
    return code;
  }

  /** `scansUsed`: the scan-limit counter when read (see effectiveStateOf). */
  view(code: CodeRecord, scansUsed: number | null = null): QrCodeView {
    return toCodeView(code, this.config.publicBaseUrl, this.now(), scansUsed);
  }

  /** A read repair: the table keeps the highest version, whatever order writes land in. */
  private publish(codes: RedirectSource[]): Promise<void> {
    return this.table.apply(codes.map((code) => ({ slug: code.slug, entry: toRedirectEntry(code) })));
  }

  /** Every address of the settings (rules, variants, switches, fallback) under the policy of the main destination. */
  private campaignUrlRefusals(settings: CampaignSettings): Record<string, string> {
    const urls: [string, string][] = [];
    const target = (path: string, rules?: { destination: string }[], split?: { destination: string }[]) => {
      rules?.forEach((rule, i) => urls.push([`${path}rules.${i}.destination`, rule.destination]));
      split?.forEach((variant, i) => urls.push([`${path}split.${i}.destination`, variant.destination]));
    };
    if (settings.fallbackUrl) urls.push(['fallbackUrl', settings.fallbackUrl]);
    target('', settings.rules, settings.split);
    settings.schedule?.forEach((change, i) => {
      urls.push([`schedule.${i}.destination`, change.destination]);
      target(`schedule.${i}.`, change.rules, change.split);
    });
    const errors: Record<string, string> = {};
    for (const [path, value] of urls) {
      try {
        this.checkDestination(value);
      } catch (error) {
        if (error instanceof DomainError) errors[path] = error.message;
        else throw error;
      }
    }
    return errors;
  }

  /** PUBLIC_BASE_URL/p/{slug}: where a content code's scans land (the web app's hosted page). */
  private pageUrl(slug: string): string {
    return `${this.config.publicBaseUrl}${publicPagePath(slug)}`;
  }

  /**
   * A content code: no web address of its own and no password (its page is public at /p/{slug});
   * the content's links under the same policy as destinations.
   */
  private async prepareContent(
    userId: string,
    content: CodeContent,
    input: { destinationUrl?: string; password?: string },
  ): Promise<StoredContent> {
    if (input.destinationUrl !== undefined) throw invalid('destinationUrl', CONTENT_MESSAGES.contentOnly);
    if (input.password) throw invalid('password', CONTENT_MESSAGES.passwordProtected);
    return this.content.prepare(userId, content, (field, url) => {
      try {
        this.checkDestination(url);
      } catch (error) {
        if (error instanceof DomainError) throw invalid(field, error.message);
        throw error;
      }
    });
  }

  private checkName(name: string): string {
    const problem = codeNameProblem(name);
    if (problem) throw invalid('name', problem);
    return name.trim();
  }

  /**
   * The contract's rules, plus what only the server knows: never our own short links in any
   * spelling (a loop), and no private or local network unless the operator allows it.
   */
  private checkDestination(value: string | undefined): string {
    const problem = destinationProblem(value);
    if (problem) throw invalid('destinationUrl', problem);
    const url = new URL((value as string).trim());
    const refusal = destinationRefusal(url, {
      publicBaseUrl: this.config.publicBaseUrl,
      allowPrivateNetworks: this.config.allowPrivateDestinations,
    });
    if (refusal === 'own-link') throw invalid('destinationUrl', QR_MESSAGES.urlOwnRedirect);
    if (refusal === 'private-network') throw invalid('destinationUrl', QR_MESSAGES.urlPrivateNetwork);
    if (this.blocklist.refuses(url)) throw invalid('destinationUrl', ABUSE_MESSAGES.blockedDestination);
    return url.href;
  }

}

/** 412 when the caller checked its If-Match against a version of the code that is no longer the current one. */
function requireUnchanged(code: CodeRecord, unchangedSince: string | undefined): void {
  if (unchangedSince !== undefined && code.updatedAt.toISOString() !== unchangedSince) {
    throw new DomainError(ErrorCode.PreconditionFailed, API_KEY_MESSAGES.staleVersion);
  }
}
