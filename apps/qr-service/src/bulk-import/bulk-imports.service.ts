import { Inject, Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  BillingPattern,
  BULK_IMPORT_COLUMNS,
  BULK_IMPORT_MESSAGES,
  BULK_IMPORT_VIEW_ROWS,
  BulkImportCells,
  BulkImportPricing,
  BulkImportProgress,
  BulkImportView,
  DomainError,
  ErrorCode,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { csvCell } from '../analytics/scans-csv';
import { shortUrl } from '../codes/code.record';
import { CodeRules } from '../codes/code-rules';
import { DEFAULT_DESIGN, QrDesign } from '../rendering';
import { readBulkImportCsv } from './bulk-import-csv';
import { BulkImportRowChecker } from './bulk-import-row-checker';
import { batchCodeOf, domainKey, templateKey } from './bulk-import-rows';
import { BulkImportRecord, BulkImportRowRecord, BulkImportsRepository } from './bulk-imports.repository';
import { BatchCode, CodeBatchCreator } from './code-batch-creator';
import { ImportSeats } from './import-seats';

/** Rows read, stored, checked again and created this many at a time: memory stays flat whatever the file. */
export const BULK_IMPORT_BATCH = 500;

function notFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, BULK_IMPORT_MESSAGES.notFound);
}

function hasErrors(errors: Record<string, string>): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * Bulk create from CSV: a file, streamed, becomes a draft whose every row is checked like the
 * single create form (nothing is bought or created); rows are fixed in the preview; one
 * confirmation buys the missing seats at once (one idempotency key per import) and queues the
 * creation of the codes, batch by batch, which its owner may cancel and a restart goes on with.
 * Rows live in PostgreSQL, never all in memory.
 */
/** A batch short of seats while another import's purchase is being made tries again this often, for at most this long. */
const PURCHASE_WAIT_STEP_MS = 200;
const PURCHASE_WAIT_MAX_MS = 120_000;

@Injectable()
export class BulkImportsService {
  constructor(
    private readonly imports: BulkImportsRepository,
    private readonly rules: CodeRules,
    private readonly creator: CodeBatchCreator,
    private readonly seats: ImportSeats,
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The file read as it arrives, each batch checked and stored before the next is read. */
  async upload(userId: string, file: Readable | AsyncIterable<Buffer>): Promise<BulkImportView> {
    const id = await this.imports.newDraft(userId);
    try {
      const checker = new BulkImportRowChecker(this.rules, userId);
      let row = 0;
      for await (const batch of readBulkImportCsv(file, BULK_IMPORT_BATCH)) {
        const checked: { row: number; cells: BulkImportCells; errors: Record<string, string> }[] = [];
        for (const cells of batch) {
          row++;
          checked.push({ row, cells, errors: await checker.check(row, cells) });
        }
        await this.imports.addRows(id, checked);
      }
    } catch (error) {
      await this.imports.discard(id);
      throw error;
    }
    return this.get(userId, id);
  }

  async get(userId: string, importId: string): Promise<BulkImportView> {
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    return this.view(record);
  }

  async updateRow(userId: string, importId: string, row: number, cells: BulkImportCells): Promise<BulkImportView> {
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    if (record.state !== 'draft') throw new DomainError(ErrorCode.Conflict, BULK_IMPORT_MESSAGES.alreadyStarted);
    if (!Number.isInteger(row) || !(await this.imports.updateDraftRow(record.id, row, cells))) {
      throw new DomainError(ErrorCode.NotFound, `Row ${row} is not in this import`);
    }
    await this.recheck(userId, record.id, row);
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
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    if (record.state !== 'draft') return this.confirmedAgain(userId, record, enqueue);
    try {
      return await this.confirmDraft(userId, record, confirmation, enqueue);
    } catch (error) {
      // A confirmation sent twice at once: the other one took the import while this one checked it
      // (its held rows then change this one's total). The same answer as a repeat, not a refusal.
      const now = await this.imports.find(userId, importId);
      if (now && now.state !== 'draft') return this.confirmedAgain(userId, now, enqueue);
      throw error;
    }
  }

  /** A confirmation of an import already confirmed: its progress, once the first one's purchase (the same key) is made. */
  private async confirmedAgain(userId: string, record: BulkImportRecord, enqueue: (importId: string) => Promise<void>): Promise<BulkImportView> {
    if (record.state === 'queued') {
      await this.seats.buyForImport(userId, record.id, record.total, null);
      await this.imports.setBought(record.id);
      await enqueue(record.id);
    }
    return this.get(userId, record.id);
  }

  private async confirmDraft(
    userId: string,
    record: BulkImportRecord,
    confirmation: { totalCents: number | null; confirmKey: string | null; designTemplateId: string | null },
    enqueue: (importId: string) => Promise<void>,
  ): Promise<BulkImportView> {
    const { totalCents, confirmKey, designTemplateId } = confirmation;
    // Checked again: a short link may have been taken, or a template renamed, since the preview.
    await this.recheck(userId, record.id, null);
    const counts = await this.imports.counts(record.id);
    const valid = counts.rows - counts.invalid;
    if (valid === 0) throw new DomainError(ErrorCode.Validation, BULK_IMPORT_MESSAGES.nothingToCreate);
    // Before anything is bought: one of the owner's templates, whose design can still be used.
    if (designTemplateId !== null) await this.rules.templateDesign(userId, designTemplateId);
    const pricing = await this.pricing(userId, valid);
    if (!pricing.entitled) throw new DomainError(ErrorCode.PaymentRequired, 'Subscription Required: subscribe to create QR codes.');
    if (totalCents !== null && totalCents !== pricing.totalCents) {
      throw new DomainError(ErrorCode.Conflict, BULK_IMPORT_MESSAGES.totalChanged, { totalCents: BULK_IMPORT_MESSAGES.totalChanged });
    }
    const queued = { total: valid, seatsBought: pricing.seatsToBuy, amountChargedCents: 0, confirmKey, designTemplateId };
    // Held first, bought second: an import confirmed at the same moment counts these rows as in use.
    if (!(await this.seats.hold(userId, (tx) => this.imports.markQueued(tx, record.id, queued)))) {
      const now = await this.imports.find(userId, record.id);
      return now && now.state !== 'draft' ? this.confirmedAgain(userId, now, enqueue) : this.get(userId, record.id);
    }
    try {
      const purchase = await this.seats.buyForImport(userId, record.id, valid, pricing.unitAmountCents);
      await this.imports.setCharged(record.id, purchase.amountChargedCents);
    } catch (error) {
      await this.imports.backToDraft(record.id);
      throw error;
    }
    await enqueue(record.id);
    return this.get(userId, record.id);
  }

  /**
   * Stops the import between two batches (a batch in progress commits first): the codes created
   * stay, the rows left are not created. The seats bought stay in the subscription, free for the
   * next codes. A draft cancelled is simply never created.
   */
  async cancel(userId: string, importId: string): Promise<BulkImportView> {
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    if (record.state === 'done') throw new DomainError(ErrorCode.Conflict, BULK_IMPORT_MESSAGES.notCancellable);
    if (record.state !== 'cancelled') await this.imports.cancel(record.id);
    return this.get(userId, importId);
  }

  /** The result file's name and its lines, read page by page as they are written. */
  async result(userId: string, importId: string): Promise<{ filename: string; lines: AsyncGenerator<string> }> {
    const record = await this.imports.find(userId, importId);
    if (!record) throw notFound();
    return { filename: `qr-codes-import-${record.createdAt.toISOString().slice(0, 10)}.csv`, lines: this.resultLines(record) };
  }

  private async *resultLines(record: BulkImportRecord): AsyncGenerator<string> {
    yield `${[...BULK_IMPORT_COLUMNS, 'short_url', 'status', 'error'].join(',')}\r\n`;
    const cancelled = record.state === 'cancelled';
    for (let after = 0; ; ) {
      const rows = await this.imports.rowsAfter(record.id, after, 1000);
      if (rows.length === 0) return;
      after = rows[rows.length - 1].row;
      let page = '';
      for (const row of rows) {
        if (hasErrors(row.errors)) continue;
        const status = row.codeId ? 'created' : row.failure ? 'failed' : cancelled ? 'cancelled' : 'pending';
        const failure = row.failure ?? (status === 'cancelled' ? BULK_IMPORT_MESSAGES.cancelled : null);
        const link = row.codeSlug ? shortUrl(this.config.publicBaseUrl, row.codeSlug, row.codeDomain) : '';
        const cells = [row.name, row.destination, row.category, row.tags, row.codeSlug ?? row.slug, row.template, row.domain];
        page += `${[...cells, link, status, failure].map((v) => csvCell(v)).join(',')}\r\n`;
      }
      yield page;
    }
  }

  /**
   * The background job: batch after batch of the valid rows not created yet becomes codes, each
   * batch marked on its rows in its own transaction, so a retried or resumed job goes on from the
   * last committed batch and never creates a row twice. Stops when the import is cancelled, or
   * when `stopping` says the process is shutting down (a restart goes on with it).
   */
  async run(importId: string, stopping: () => boolean = () => false): Promise<void> {
    const record = await this.imports.findById(importId);
    if (!record || (record.state !== 'queued' && record.state !== 'running')) return;
    await this.imports.setState(record.id, 'running');
    const templates = await this.rules.templateIdsByName(record.ownerId);
    const domains = await this.rules.verifiedDomains(record.ownerId);
    const designs = new Map<string, QrDesign | DomainError>();
    // How long a batch may wait for another import's seat purchase before its rows fail for want of seats.
    const waitUntil = Date.now() + PURCHASE_WAIT_MAX_MS;
    for (;;) {
      if (stopping() || (await this.imports.findById(record.id))?.state !== 'running') return;
      const rows = await this.imports.pendingBatch(record.id, BULK_IMPORT_BATCH);
      if (rows.length === 0) break;
      const ready: BatchCode[] = [];
      const failed: { row: number; failure: string }[] = [];
      for (const row of rows) {
        // A row naming a template takes it; the others the one chosen at confirmation (checked again now).
        const named = row.template.trim();
        const templateId = named ? templates.get(templateKey(named)) : record.designTemplateId;
        if (templateId === undefined) {
          failed.push({ row: row.row, failure: BULK_IMPORT_MESSAGES.templateUnknown(named) });
          continue;
        }
        // A domain named in the row must still be verified now.
        const domain = domainKey(row.domain);
        const domainId = domain ? domains.get(domain) : null;
        if (domainId === undefined) {
          failed.push({ row: row.row, failure: BULK_IMPORT_MESSAGES.domainUnknown(row.domain.trim()) });
          continue;
        }
        const design = templateId === null ? { ...DEFAULT_DESIGN } : await this.designOf(record.ownerId, templateId, designs);
        if (design instanceof DomainError) failed.push({ row: row.row, failure: design.message });
        else ready.push(batchCodeOf(row.row, row, design, domainId));
      }
      await this.imports.markFailed(null, record.id, failed);
      if (ready.length === 0) continue;
      const outcome = await this.creator.create(record.id, record.ownerId, ready, Date.now() < waitUntil);
      if (!outcome.ran) return;
      // Another import's purchase is being made: its seats are counted as in use but not bought yet.
      if (outcome.waiting) await new Promise((resolve) => setTimeout(resolve, PURCHASE_WAIT_STEP_MS));
    }
    await this.imports.setState(record.id, 'done');
  }

  /** The job gave up (its last attempt failed): the rows left are reported failed, the import ends. */
  async giveUp(importId: string, reason: string): Promise<void> {
    await this.imports.failPending(importId, reason);
    await this.imports.setState(importId, 'done');
  }

  /** Imports confirmed and not finished (a restart goes on with them). */
  unfinished(): Promise<string[]> {
    return this.imports.unfinished();
  }

  private async designOf(ownerId: string, templateId: string, designs: Map<string, QrDesign | DomainError>): Promise<QrDesign | DomainError> {
    let design = designs.get(templateId);
    if (design === undefined) {
      try {
        design = await this.rules.templateDesign(ownerId, templateId);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== ErrorCode.Validation) throw error;
        design = error;
      }
      designs.set(templateId, design);
    }
    return design;
  }

  /**
   * What may have changed since the upload checked every row, checked again in file order, batch
   * by batch: the rows with a custom short link (taken since? repeated?) or a template named,
   * and the row just fixed (`row`).
   */
  private async recheck(userId: string, importId: string, row: number | null): Promise<void> {
    const checker = new BulkImportRowChecker(this.rules, userId);
    for (let after = 0; ; ) {
      const rows = await this.imports.rowsToRecheckAfter(importId, after, BULK_IMPORT_BATCH, row);
      if (rows.length === 0) return;
      after = rows[rows.length - 1].row;
      const errors = new Map<number, Record<string, string>>();
      for (const checked of rows) errors.set(checked.row, await checker.check(checked.row, checked));
      await this.imports.saveErrors(importId, errors);
    }
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

  private async view(record: BulkImportRecord): Promise<BulkImportView> {
    const [counts, rows] = await Promise.all([this.imports.counts(record.id), this.imports.shownRows(record.id, BULK_IMPORT_VIEW_ROWS)]);
    const valid = counts.rows - counts.invalid;
    const progress: BulkImportProgress = {
      state: record.state,
      total: record.state === 'draft' ? valid : record.total,
      created: counts.created,
      failed: counts.failed,
      seatsBought: record.seatsBought,
      amountChargedCents: record.amountChargedCents,
    };
    const pricing = record.state === 'draft' ? await this.pricing(record.ownerId, valid) : null;
    return {
      id: record.id,
      state: record.state,
      createdAt: record.createdAt.toISOString(),
      designTemplateId: record.designTemplateId,
      invalidRows: counts.invalid,
      rowCount: counts.rows,
      namedTemplateRows: counts.namedTemplate,
      pricing,
      progress,
      rows: rows.map((row: BulkImportRowRecord) => ({
        row: row.row,
        cells: { name: row.name, destination: row.destination, category: row.category, tags: row.tags, slug: row.slug, template: row.template, domain: row.domain },
        errors: row.errors,
        codeId: row.codeId,
        shortUrl: row.codeSlug ? shortUrl(this.config.publicBaseUrl, row.codeSlug, row.codeDomain) : null,
        failure: row.failure,
      })),
    };
  }
}
