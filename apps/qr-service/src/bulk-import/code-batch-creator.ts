import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { EntityManager } from 'typeorm';
import { QrCategory, SLUG_MESSAGES } from '@qrd/contracts';
import { QrDesign } from '../rendering';
import { CodeEvents } from '../codes/code-events';
import { toCodeView } from '../codes/code.record';
import { CodesRepository } from '../codes/codes.repository';
import { newSlug } from '../codes/slug';
import { creationChanges } from '../history/code-diff';
import { CodeHistoryRepository } from '../history/code-history.repository';
import { ImportSeats } from './import-seats';
import { BulkImportsRepository } from './bulk-imports.repository';

/** A checked row ready to become a code. */
export interface BatchCode {
  row: number;
  name: string;
  destination: string;
  category: QrCategory | null;
  tags: string[];
  /** A custom short link, or null for a random one. */
  slug: string | null;
  /** One of the workspace's verified custom domains, or null for the default host. */
  domainId: string | null;
  design: QrDesign;
}

export interface BatchOutcome {
  created: number;
  failed: number;
  /** False when the import was cancelled (or ended) before this batch: nothing was done. */
  ran: boolean;
  /**
   * Nothing was done because the seats fell short while another import's purchase was still being
   * made (its rows held, its seats not bought yet): the batch is to be tried again once it is.
   */
  waiting?: boolean;
}

/** Random slugs drawn again for the rows whose slug was taken meanwhile, at most this often. */
const SLUG_ATTEMPTS = 5;
const COLUMNS = 11;

/**
 * Creates a batch of an import's codes in one transaction: the rows claimed (a row already created
 * or failed is skipped, so a batch run again after a crash creates nothing twice), one seat check
 * for the batch, multi-row inserts of the codes and their history, the rows marked with their codes,
 * and one outbox event that writes the batch's redirect entries together. Everything the single
 * create does, in a handful of statements instead of a dozen per code.
 */
@Injectable()
export class CodeBatchCreator {
  constructor(
    private readonly imports: BulkImportsRepository,
    private readonly codes: CodesRepository,
    private readonly history: CodeHistoryRepository,
    private readonly events: CodeEvents,
    private readonly seats: ImportSeats,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `mayWait`: a shortfall while another import's purchase is being made answers `waiting` instead of failing rows. */
  async create(importId: string, ownerId: string, batch: BatchCode[], mayWait = false): Promise<BatchOutcome> {
    const allowance = await this.seats.allowance(ownerId);
    const [outcome, eventIds] = await this.codes.transaction(async (tx): Promise<[BatchOutcome, string[]]> => {
      await this.codes.lockOwner(tx, ownerId);
      const claimed = await this.imports.claimRows(
        tx,
        importId,
        batch.map((code) => code.row),
      );
      if (claimed.size === 0) return [{ created: 0, failed: 0, ran: false }, []];
      const todo = batch.filter((code) => claimed.has(code.row));
      const seats = await this.seats.allowBatch(tx, allowance, importId, todo.length);
      if (mayWait && seats.allowed < todo.length && (await this.imports.purchaseInFlight(tx, ownerId, importId))) {
        return [{ created: 0, failed: 0, ran: true, waiting: true }, []];
      }
      const failed = todo.slice(seats.allowed).map((code) => ({ row: code.row, failure: seats.refusal }));
      const owner = await this.codes.ownerFlags(tx, ownerId);
      const created: { code: BatchCode; id: string; slug: string }[] = [];
      let waiting = todo.slice(0, seats.allowed);
      for (let attempt = 0; attempt < SLUG_ATTEMPTS && waiting.length > 0; attempt++) {
        const drawn = waiting.map((code) => ({ code, slug: code.slug ?? newSlug() }));
        const inserted = await this.insert(tx, ownerId, owner, drawn);
        // The same slug may be in the batch once per domain.
        const bySlug = new Map(inserted.map((row) => [`${row.domainId ?? ''}|${row.slug}`, row.id]));
        const next: BatchCode[] = [];
        for (const { code, slug } of drawn) {
          const id = bySlug.get(`${code.domainId ?? ''}|${slug}`);
          if (id) created.push({ code, id, slug });
          // A custom short link taken since it was checked: another attempt would not change it.
          else if (code.slug !== null) failed.push({ row: code.row, failure: SLUG_MESSAGES.taken });
          else next.push(code);
        }
        waiting = next;
      }
      for (const code of waiting) failed.push({ row: code.row, failure: 'Could not find a free short link; please try again' });
      await this.history.recordMany(
        tx,
        created.map(({ code, id, slug }) => ({
          author: { codeId: id, ownerId, actor: 'owner' as const },
          change: creationChanges({ slug, name: code.name, destination: code.destination, category: code.category, tags: code.tags, ...UNSET }),
        })),
      );
      await this.imports.markCreated(
        tx,
        importId,
        created.map(({ code, id }) => ({ row: code.row, codeId: id })),
      );
      await this.imports.markFailed(tx, importId, failed);
      const ids = created.map((c) => c.id);
      return [{ created: created.length, failed: failed.length, ran: true }, [...(await this.events.changed(tx, ids)), ...(await this.webhooks(tx, ownerId, ids))]];
    });
    await this.events.deliver(eventIds);
    return outcome;
  }

  /** One multi-row insert; answers the rows inserted (a slug already taken is left out, not an error). */
  private async insert(
    tx: EntityManager,
    ownerId: string,
    owner: { suspendedBilling: boolean; suspendedAccount: boolean },
    drawn: { code: BatchCode; slug: string }[],
  ): Promise<{ id: string; slug: string; domainId: string | null }[]> {
    const params: unknown[] = [];
    const values = drawn.map(({ code, slug }) => {
      params.push(slug, ownerId, code.name, code.destination, code.category, code.design, owner.suspendedBilling, owner.suspendedAccount, code.tags, null, code.domainId);
      const at = params.length - COLUMNS;
      return `(${Array.from({ length: COLUMNS }, (_, k) => `$${at + k + 1}`).join(', ')})`;
    });
    return (await tx.query(
      `INSERT INTO qr.codes (slug, owner_id, name, destination, category, design, suspended_billing, suspended_account, tags, folder_id, domain_id)
       VALUES ${values.join(', ')} ON CONFLICT DO NOTHING RETURNING id, slug, domain_id AS "domainId"`,
      params,
    )) as { id: string; slug: string; domainId: string | null }[];
  }

  /** code.created for the owner's webhook endpoints: most owners have none, which the first code tells. */
  private async webhooks(tx: EntityManager, ownerId: string, ids: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const [i, id] of ids.entries()) {
      const code = await this.codes.findOwned(ownerId, id, tx);
      if (!code) continue;
      const added = await this.events.webhook(tx, ownerId, 'code.created', toCodeView(code, this.config.publicBaseUrl));
      if (i === 0 && added.length === 0) return [];
      out.push(...added);
    }
    return out;
  }
}

/** The fields of a snapshot a new imported code never has. */
const UNSET = {
  design: {} as QrDesign,
  campaign: null,
  passwordHash: null,
  deactivatedByOwner: false,
  takenDownAt: null,
  takedownReason: null,
  folderId: null,
  content: null,
};
