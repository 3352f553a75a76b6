import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { AuthPattern, BillingPattern, DataExportView, DomainError, ErrorCode } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CodeEvents } from '../codes/code-events';
import { DataExportsRepository, toDataExportView } from './data-exports.repository';
import { exportArchive } from './export-archive';
import { ExportStorage } from './export-storage';

const DAY_MS = 24 * 3600_000;
/** Share of the bar the codes and small files take; the scans fill the rest. */
const BEFORE_SCANS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const FAILED_MESSAGE = 'The export could not be built. Please try again later.';

function notFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, 'Export not found');
}

/**
 * "Export the data" of a workspace: a ZIP of the requester's profile, the workspace's billing records
 * and API keys, every code with its history and every stored scan, built by a job
 * (DataExportQueue), kept in the export storage for DATA_EXPORT_TTL_DAYS and downloadable only by
 * a member allowed to export that workspace, signed in. Expired and failed exports are swept.
 */
@Injectable()
export class DataExportsService {
  constructor(
    private readonly repo: DataExportsRepository,
    private readonly storage: ExportStorage,
    private readonly bus: MessageBus,
    private readonly events: CodeEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A new export, or the one already being built; `enqueue` is told about a new one. */
  async start(userId: string, requestedBy: string, enqueue: (exportId: string) => Promise<void>): Promise<DataExportView> {
    const created = await this.repo.create(userId, requestedBy);
    if (!created) {
      const building = await this.repo.building(userId);
      if (building) return toDataExportView(building);
      // Finished between the insert and the read: a new one can start now.
      return this.start(userId, requestedBy, enqueue);
    }
    await enqueue(created.id);
    this.logger.info({ userId, requestedBy, exportId: created.id }, 'data export requested');
    return toDataExportView(created);
  }

  async latest(userId: string): Promise<DataExportView | null> {
    const row = await this.repo.latest(userId);
    return row ? toDataExportView(row) : null;
  }

  /**
   * Builds the export of a workspace; a missing row (the workspace was deleted meanwhile) builds
   * nothing. The profile in it is the requester's; one whose account is gone gets nothing built.
   */
  async build(exportId: string): Promise<void> {
    const row = await this.repo.start(exportId);
    if (!row) return;
    const userId = row.ownerId;
    const requestedBy = row.requestedBy ?? userId;
    const [profile, apiKeys, billing, codes, scanCount, conversions] = await Promise.all([
      this.bus.request(AuthPattern.GetUser, { userId: requestedBy }),
      this.bus.request(AuthPattern.ListApiKeys, { workspaceId: userId }),
      this.bus.request(BillingPattern.ExportRecords, { userId }),
      this.repo.codes(userId),
      this.repo.countScans(userId),
      this.repo.conversions(userId),
    ]);
    await this.repo.progress(exportId, BEFORE_SCANS);
    let lastProgress = BEFORE_SCANS;
    let scans = 0;
    const key = `${exportId}.zip`;
    const sizeBytes = await this.storage.write(
      key,
      exportArchive({
        generatedAt: new Date(),
        publicBaseUrl: this.config.publicBaseUrl,
        profile,
        apiKeys,
        billing,
        codes,
        conversions,
        scans: await this.repo.streamScans(userId),
        onScans: (written) => {
          scans = written;
          const progress = Math.min(99, BEFORE_SCANS + Math.floor(((100 - BEFORE_SCANS) * written) / Math.max(scanCount, 1)));
          if (progress <= lastProgress) return;
          lastProgress = progress;
          this.repo.progress(exportId, progress).catch((error: unknown) => this.logger.warn({ err: error, exportId }, 'export progress not saved'));
        },
      }),
    );
    const expiresAt = new Date(Date.now() + this.config.dataExports.ttlDays * DAY_MS);
    const events = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.ready(tx, exportId, { key, sizeBytes, codes: codes.length, scans, expiresAt }))) return null;
      return this.events.exportReady(tx, { userId: requestedBy, workspaceId: userId, exportId, expiresAt: expiresAt.toISOString() });
    });
    if (!events) {
      await this.storage.remove(key);
      return;
    }
    await this.events.deliver(events);
    this.logger.info({ userId, exportId, sizeBytes, codes: codes.length, scans }, 'data export ready');
  }

  async fail(exportId: string, error: unknown): Promise<void> {
    this.logger.error({ err: error, exportId }, 'data export failed');
    await this.repo.fail(exportId, FAILED_MESSAGE);
  }

  /** The owner's ready export as a stream: someone else's or an unknown id is NotFound, an expired one Gone. */
  async open(userId: string, exportId: string): Promise<{ fileName: string; sizeBytes: number; body: Readable }> {
    if (!UUID.test(exportId)) throw notFound();
    const row = await this.repo.find(exportId);
    if (!row || row.ownerId !== userId) throw notFound();
    const view = toDataExportView(row);
    if (view.status === 'expired') throw new DomainError(ErrorCode.Gone, 'This export has expired. Start a new one from your account page.');
    if (view.status !== 'ready' || !row.fileKey) throw new DomainError(ErrorCode.Conflict, 'This export is not ready yet');
    const body = await this.storage.read(row.fileKey);
    if (!body) throw new DomainError(ErrorCode.Gone, 'This export has expired. Start a new one from your account page.');
    const day = row.createdAt.toISOString().slice(0, 10);
    return { fileName: `qr-dynamic-data-${day}.zip`, sizeBytes: view.sizeBytes ?? 0, body };
  }

  /** Deletes the files and rows of expired exports, and of failed ones older than the download time. */
  async sweep(now = new Date()): Promise<number> {
    const expired = await this.repo.expired(now, new Date(now.getTime() - this.config.dataExports.ttlDays * DAY_MS));
    for (const row of expired) if (row.fileKey) await this.storage.remove(row.fileKey);
    await this.repo.delete(expired.map((row) => row.id));
    if (expired.length) this.logger.info({ exports: expired.length }, 'expired data exports deleted');
    return expired.length;
  }

  /** The workspace is deleted: its exports go with it. */
  async eraseOwner(userId: string): Promise<void> {
    for (const key of await this.repo.eraseOwner(userId)) await this.storage.remove(key);
  }

  /** An account deleted: the exports it asked for in other workspaces no longer name it. */
  forgetRequester(userId: string): Promise<void> {
    return this.repo.forgetRequester(userId);
  }
}
