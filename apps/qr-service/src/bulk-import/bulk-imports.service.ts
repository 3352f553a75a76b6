import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  BillingPattern,
  BULK_IMPORT_COLUMNS,
  BULK_IMPORT_MESSAGES,
  BulkImportCells,
  BulkImportPricing,
  BulkImportProgress,
  BulkImportView,
  DomainError,
  ErrorCode,
  parseTagsCell,
  QrCategory,
  QrPattern,
  QrRequests,
  slugLookalikeKey,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { csvCell } from '../analytics/scans-csv';
import { shortUrl } from '../codes/code.record';
import { CodesService } from '../codes/codes.service';
import { parseBulkImportCsv } from './bulk-import-csv';
import { BulkImportRecord, BulkImportRowRecord, BulkImportsRepository } from './bulk-imports.repository';

type CreateRequest = QrRequests[QrPattern.CreateCode]['req'];

/** Failures of one row that another attempt would not change: the row is reported failed, the others go on. */
const ROW_FAILURES = new Set([ErrorCode.Validation, ErrorCode.Conflict, ErrorCode.PaymentRequired, ErrorCode.Forbidden, ErrorCode.Suspended]);

function notFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, BULK_IMPORT_MESSAGES.notFound);
}

function hasErrors(errors: Record<string, string>): boolean {
  return Object.keys(errors).length > 0;
}

/** The code a row becomes: the single create's request, built from the row's cells. */
export function createRequestOf(userId: string, cells: BulkImportCells): CreateRequest {
  const category = cells.category.trim().toLowerCase();
  const slug = cells.slug.trim();
  return {
    userId,
    name: cells.name,
    destinationUrl: cells.destination.trim(),
    ...(category ? { category: category as QrCategory } : {}),
    ...(slug ? { slug } : {}),
  };
}

/** How a template named in a row is looked up among the account's (as their unique index compares names). */
export function templateKey(name: string): string {
  return name.trim().toLowerCase();
}

/** A row's tags (parsed and checked at preview) on its create request. */
export function withImportedTags(request: CreateRequest, tags: string[]): CreateRequest {
  return tags.length === 0 ? request : { ...request, tags };
}

/**
 * Bulk create from CSV: a file becomes a draft whose every row is checked like the single create
 * form (nothing is bought or created); rows are fixed in the preview; one confirmation buys the
 * missing seats at once (one idempotency key per import) and queues the creation of the codes.
 */
@Injectable()
export class BulkImportsService {
  constructor(
    private readonly imports: BulkImportsRepository,
    private readonly codes: CodesService,
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(userId: string, csvBase64: string): Promise<BulkImportView> {
    const cells = parseBulkImportCsv(Buffer.from(csvBase64, 'base64'));
    const errors = await this.check(userId, cells);
    const id = await this.imports.createDraft(userId, cells.map((row, i) => ({ cells: row, errors: errors[i] })));
    return this.get(userId, id);
  }

  async get(userId: string, importId: string): Promise<BulkImportView> {
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    return this.view(record, await this.imports.rows(record.id));
  }

  async updateRow(userId: string, importId: string, row: number, cells: BulkImportCells): Promise<BulkImportView> {
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    if (record.state !== 'draft') throw new DomainError(ErrorCode.Conflict, BULK_IMPORT_MESSAGES.alreadyStarted);
    if (!Number.isInteger(row) || !(await this.imports.updateDraftRow(record.id, row, cells))) {
      throw new DomainError(ErrorCode.NotFound, `Row ${row} is not in this import`);
    }
    await this.recheck(userId, record.id);
    return this.get(userId, importId);
  }

  /**
   * Buys what the valid rows need beyond the free seats (once, whatever the retries: the purchase's
   * idempotency key is the import's) and queues their creation. A confirmation repeated after the
   * import started answers its progress and buys nothing.
   */
  async confirm(
    userId: string,
    importId: string,
    confirmation: { totalCents: number | null; confirmKey: string | null; designTemplateId: string | null },
    enqueue: (importId: string) => Promise<void>,
  ): Promise<BulkImportView> {
    const { totalCents, confirmKey, designTemplateId } = confirmation;
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    if (record.state !== 'draft') {
      if (record.state === 'queued') await enqueue(record.id);
      return this.get(userId, importId);
    }
    // Checked again: a short link may have been taken since the preview.
    const rows = await this.recheck(userId, record.id);
    const valid = rows.filter((row) => !hasErrors(row.errors));
    if (valid.length === 0) throw new DomainError(ErrorCode.Validation, BULK_IMPORT_MESSAGES.nothingToCreate);
    // Before anything is bought: one of the owner's templates, whose design can still be used.
    if (designTemplateId !== null) await this.codes.templateDesign(userId, designTemplateId);
    const pricing = await this.pricing(userId, valid.length);
    if (!pricing.entitled) throw new DomainError(ErrorCode.PaymentRequired, 'Subscription Required: subscribe to create QR codes.');
    if (totalCents !== null && totalCents !== pricing.totalCents) {
      throw new DomainError(ErrorCode.Conflict, BULK_IMPORT_MESSAGES.totalChanged, { totalCents: BULK_IMPORT_MESSAGES.totalChanged });
    }
    const purchase = await this.bus.request(BillingPattern.PurchaseSeat, {
      userId,
      expectedUnitAmountCents: pricing.unitAmountCents,
      idempotencyKey: `bulk-import:${record.id}`,
      codes: valid.length,
    });
    const queued = { total: valid.length, seatsBought: pricing.seatsToBuy, amountChargedCents: purchase.amountChargedCents, confirmKey, designTemplateId };
    if (await this.imports.markQueued(record.id, queued)) {
      await enqueue(record.id);
    }
    return this.get(userId, importId);
  }

  /** The created codes with their short links (and the rows that could not be created, with why). */
  async result(userId: string, importId: string): Promise<{ filename: string; csv: string }> {
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    const lines = [[...BULK_IMPORT_COLUMNS, 'short_url', 'status', 'error'].join(',')];
    for (const row of await this.imports.rows(record.id)) {
      if (hasErrors(row.errors)) continue;
      const status = row.codeId ? 'created' : row.failure ? 'failed' : 'pending';
      const link = row.codeSlug ? shortUrl(this.config.publicBaseUrl, row.codeSlug) : '';
      const cells = [row.name, row.destination, row.category, row.tags, row.codeSlug ?? row.slug, row.template];
      lines.push([...cells, link, status, row.failure].map((v) => csvCell(v)).join(','));
    }
    return { filename: `qr-codes-import-${record.createdAt.toISOString().slice(0, 10)}.csv`, csv: `${lines.join('\r\n')}\r\n` };
  }

  /**
   * The background job: each valid row not created yet becomes a code, marked on the row in the
   * code's own transaction, so a retried job skips what is done and never creates a row twice.
   */
  async run(importId: string): Promise<void> {
    const record = await this.imports.findById(importId);
    if (!record || record.state === 'done' || record.state === 'draft') return;
    await this.imports.setState(record.id, 'running');
    const templates = await this.codes.templateIdsByName(record.ownerId);
    for (const row of await this.imports.pendingRows(record.id)) {
      // A row naming a template takes it; the others the one chosen at confirmation (checked again at creation).
      const named = row.template.trim();
      const designTemplateId = named ? templates.get(templateKey(named)) : record.designTemplateId;
      if (named && designTemplateId === undefined) {
        await this.imports.markFailed(record.id, row.row, BULK_IMPORT_MESSAGES.templateUnknown(named));
        continue;
      }
      const request = withImportedTags(createRequestOf(record.ownerId, row), parseTagsCell(row.tags).tags);
      try {
        await this.codes.createOnce(designTemplateId ? { ...request, designTemplateId } : request, {
          claim: (tx) => this.imports.claimRow(tx, record.id, row.row),
          created: (tx, code) => this.imports.markCreated(tx, record.id, row.row, code.id),
        });
      } catch (error) {
        if (!(error instanceof DomainError) || !ROW_FAILURES.has(error.code)) throw error;
        await this.imports.markFailed(record.id, row.row, error.message);
      }
    }
    await this.imports.setState(record.id, 'done');
  }

  /** The job gave up (its last attempt failed): the rows left are reported failed, the import ends. */
  async giveUp(importId: string, reason: string): Promise<void> {
    for (const row of await this.imports.pendingRows(importId)) await this.imports.markFailed(importId, row.row, reason);
    await this.imports.setState(importId, 'done');
  }

  /** Every row checked (the whole file: short links repeated within it), the errors saved. */
  private async recheck(userId: string, importId: string): Promise<BulkImportRowRecord[]> {
    const rows = await this.imports.rows(importId);
    const errors = await this.check(userId, rows);
    await this.imports.saveErrors(importId, new Map(rows.map((row, i) => [row.row, errors[i]])));
    return rows.map((row, i) => ({ ...row, errors: errors[i] }));
  }

  /** Each row's errors, with the create form's messages; a short link used by an earlier row is refused. */
  private async check(userId: string, rows: BulkImportCells[]): Promise<Record<string, string>[]> {
    const firstRowOfSlug = new Map<string, number>();
    const templates = rows.some((cells) => cells.template.trim() !== '') ? await this.codes.templateIdsByName(userId) : new Map<string, string>();
    const out: Record<string, string>[] = [];
    for (const [i, cells] of rows.entries()) {
      const request = createRequestOf(userId, cells);
      const errors = await this.codes.fieldProblems(userId, {
        name: request.name,
        destinationUrl: cells.destination.trim(),
        ...(request.category !== undefined ? { category: request.category } : {}),
        ...(request.slug !== undefined ? { slug: request.slug } : {}),
      });
      const tags = parseTagsCell(cells.tags);
      if (tags.problem) errors.tags = tags.problem;
      const template = cells.template.trim();
      if (template && !templates.has(templateKey(template))) errors.template = BULK_IMPORT_MESSAGES.templateUnknown(template);
      if (request.slug !== undefined && !errors.slug) {
        const key = slugLookalikeKey(request.slug);
        const first = firstRowOfSlug.get(key);
        if (first !== undefined) errors.slug = BULK_IMPORT_MESSAGES.slugRepeated(first);
        else firstRowOfSlug.set(key, i + 1);
      }
      out.push(errors);
    }
    return out;
  }

  /** Seats needed = codes to create beyond the free seats, at the subscription's price and interval. */
  private async pricing(userId: string, codesToCreate: number): Promise<BulkImportPricing> {
    const sub = await this.bus.request(BillingPattern.GetSubscription, { userId });
    const freeSeats = Math.max(0, sub.seats - sub.seatsUsed);
    const seatsToBuy = Math.max(0, codesToCreate - freeSeats);
    return {
      codesToCreate,
      freeSeats,
      seatsToBuy,
      unitAmountCents: sub.unitAmountCents,
      interval: sub.interval,
      totalCents: seatsToBuy * (sub.unitAmountCents ?? 0),
      entitled: sub.entitled,
    };
  }

  private async view(record: BulkImportRecord, rows: BulkImportRowRecord[]): Promise<BulkImportView> {
    const invalidRows = rows.filter((row) => hasErrors(row.errors)).length;
    const progress: BulkImportProgress = {
      state: record.state,
      total: record.state === 'draft' ? rows.length - invalidRows : record.total,
      created: rows.filter((row) => row.codeId !== null).length,
      failed: rows.filter((row) => row.failure !== null).length,
      seatsBought: record.seatsBought,
      amountChargedCents: record.amountChargedCents,
    };
    const pricing = record.state === 'draft' ? await this.pricing(record.ownerId, rows.length - invalidRows) : null;
    return {
      id: record.id,
      state: record.state,
      createdAt: record.createdAt.toISOString(),
      designTemplateId: record.designTemplateId,
      invalidRows,
      pricing,
      progress,
      rows: rows.map((row) => ({
        row: row.row,
        cells: { name: row.name, destination: row.destination, category: row.category, tags: row.tags, slug: row.slug, template: row.template },
        errors: row.errors,
        codeId: row.codeId,
        shortUrl: row.codeSlug ? shortUrl(this.config.publicBaseUrl, row.codeSlug) : null,
        failure: row.failure,
      })),
    };
  }
}
