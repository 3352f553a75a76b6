import { Injectable } from '@nestjs/common';
import { DOMAIN_MESSAGES, DomainError, ErrorCode, isUniqueWindow, normaliseTags, QrCodeView, QrPattern, QrRequests, SLUG_MESSAGES, UNIQUE_WINDOW_MESSAGE } from '@qrd/contracts';
import { EntityManager } from 'typeorm';
import { DEFAULT_DESIGN } from '../rendering';
import { CodeRecord } from './code.record';
import { invalid } from './code-errors';
import { CodeEvents } from './code-events';
import { hashCodePassword } from './code-passwords';
import { CodeContentFiles, CodeHistoryLog } from './code-ports';
import { CodeRules } from './code-rules';
import { CodesRepository } from './codes.repository';
import { CodesService } from './codes.service';
import { SeatGate } from './seat-gate';
import { newSlug } from './slug';

type CreateRequest = QrRequests[QrPattern.CreateCode]['req'];

/** A creation done at most once (see CodeCreationService.createOnce). */
export interface CreateStep {
  claim(tx: EntityManager): Promise<boolean>;
  created(tx: EntityManager, code: CodeRecord): Promise<void>;
}

/**
 * A code's creation: its fields checked, the billing gate (billing asked before the owner's lock
 * and the transaction, the seat counted under the lock), the insert with its history, its
 * redirect entry and its code.created webhook.
 */
@Injectable()
export class CodeCreationService {
  constructor(
    private readonly codes: CodesRepository,
    private readonly reads: CodesService,
    private readonly rules: CodeRules,
    private readonly events: CodeEvents,
    private readonly history: CodeHistoryLog,
    private readonly content: CodeContentFiles,
    private readonly seats: SeatGate,
  ) {}

  /** Needs an active subscription with a free seat; creations of one owner run one at a time. */
  async create(input: CreateRequest): Promise<QrCodeView> {
    const created = await this.createOnce(input, null);
    if (!created) throw new DomainError(ErrorCode.Internal, 'The QR code could not be created; please try again');
    return created;
  }

  /**
   * A creation that happens at most once: `step.claim` runs in the creation's transaction, under
   * the owner's lock, before the insert (false: it already happened, nothing is created and null
   * is answered); `step.created` runs in the same transaction after the insert.
   */
  async createOnce(input: CreateRequest, step: CreateStep | null): Promise<QrCodeView | null> {
    const name = this.rules.checkName(input.name);
    const content = input.content === undefined ? null : await this.rules.prepareContent(input.userId, input.content, input);
    const destination = content ? null : this.rules.checkDestination(input.destinationUrl);
    const campaign = this.rules.checkCampaign(input.campaign, null) ?? null;
    const domainId = input.domainId ? await this.rules.requireVerifiedDomain(input.userId, input.domainId) : null;
    // A hosted page's own address (/p/{slug}) is on the default host: its code is too.
    if (domainId !== null && content) throw invalid('domainId', DOMAIN_MESSAGES.pagesOnDefaultHost);
    if (input.slug !== undefined) await this.rules.checkCustomSlug(input.userId, input.slug, domainId);
    const passwordHash = input.password ? await hashCodePassword(input.password) : null;
    const tags = normaliseTags(input.tags ?? []);
    const folderId = input.folderId ? input.folderId.toLowerCase() : null;
    // Checked here too: the message bus takes requests from more than the gateway's validated routes.
    if (input.uniqueWindow !== undefined && !isUniqueWindow(input.uniqueWindow)) throw invalid('uniqueWindow', UNIQUE_WINDOW_MESSAGE);
    const design = input.designTemplateId === undefined ? { ...DEFAULT_DESIGN } : await this.rules.templateDesign(input.userId, input.designTemplateId);
    // Billing is asked before the lock and the transaction; the seat itself is counted under the lock.
    const allowance = await this.seats.allowance(input.userId);
    const [created, events] = await this.codes.transaction(async (tx): Promise<[CodeRecord | null, string[]]> => {
      await this.codes.lockOwner(tx, input.userId);
      if (content) await this.content.requireFiles(tx, input.userId, content);
      if (step && !(await step.claim(tx))) return [null, []];
      if (folderId) await this.rules.requireFolder(tx, input.userId, folderId);
      await this.seats.requireFreeSeats(tx, allowance);
      const owner = await this.codes.ownerFlags(tx, input.userId);
      for (let attempt = 0; attempt < 5; attempt++) {
        const slug = input.slug ?? newSlug();
        const code = await this.codes.insert(tx, {
          slug,
          ownerId: input.userId,
          name,
          // A content code's scans go through /r/{slug} like any other, then to its page here.
          destination: destination ?? this.rules.pageUrl(slug),
          category: input.category ?? null,
          design,
          campaign,
          passwordHash,
          tags,
          folderId,
          content,
          domainId,
          uniqueWindow: input.uniqueWindow,
          ...owner,
        });
        if (code) {
          await this.history.created(tx, { codeId: code.id, ownerId: code.ownerId, actor: 'owner', apiKeyName: input.apiKeyName }, code);
          if (step) await step.created(tx, code);
          return [code, [...(await this.events.changed(tx, [code.id])), ...(await this.events.webhook(tx, code.ownerId, 'code.created', this.reads.view(code)))]];
        }
        // A custom slug taken meanwhile: another attempt would not change it.
        if (input.slug !== undefined) throw invalid('slug', SLUG_MESSAGES.taken);
      }
      throw new DomainError(ErrorCode.Internal, 'Could not find a free short link; please try again');
    });
    await this.events.deliver(events);
    return created && this.reads.view(created);
  }
}
