import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { ReconcileCheck } from '@qrd/contracts';
import { ServiceMetrics } from '@qrd/observability';
import { ContentFilesRepository } from './content-files.repository';
import { ContentStorage } from './content-storage';

/** A stored object no row names is an upload in progress for a moment, or left over after this long. */
const ORPHAN_OBJECT_GRACE_MS = 3600_000;
/** Rows released by one sweep, at most (the next pass goes on). */
const SWEEP_BATCH = 500;

/**
 * Removes the files of content codes nobody needs any more: released as soon as the change that
 * dropped them commits (an edit, a deletion, an erased account), and swept by every reconciliation
 * pass (uploads never attached, files a failed removal left behind, objects no row names). A
 * failure to remove a stored object never fails the owner's action: it is logged and counted,
 * and the sweep retries it.
 */
@Injectable()
export class ContentFileJanitor {
  private failedRemovals = 0;
  private removed = 0;

  constructor(
    private readonly files: ContentFilesRepository,
    private readonly storage: ContentStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    metrics: ServiceMetrics,
  ) {
    metrics.registerCounter('content_files_removed_total', 'Stored files of content codes this process removed.', () => this.removed);
    metrics.registerCounter(
      'content_file_removals_failed_total',
      'Removals of stored content files that failed (the reconciliation sweep retries them).',
      () => this.failedRemovals,
    );
  }

  /** The time grace periods are measured against. */
  now: () => number = Date.now;

  /** After a change committed: the owner's files it stopped naming go, unless another live code names them. */
  async release(ownerId: string, before: string[], after: string[] = []): Promise<void> {
    const dropped = before.filter((id) => !after.includes(id));
    if (dropped.length === 0) return;
    try {
      await this.removeStored(await this.files.deleteUnnamed(ownerId, dropped));
    } catch (error) {
      this.logger.warn({ err: error, ownerId, fileIds: dropped }, 'content files not released; the reconciliation sweep will remove them');
    }
  }

  /** Stored objects whose rows are gone; never throws. Answers how many went. */
  async removeStored(keys: string[]): Promise<number> {
    let removed = 0;
    for (const key of keys) {
      try {
        await this.storage.remove(key);
        removed++;
        this.removed++;
      } catch (error) {
        this.failedRemovals++;
        this.logger.warn({ err: error, storageKey: key }, 'content file not removed from storage; the reconciliation sweep will retry');
      }
    }
    return removed;
  }

  /** The reconciliation's "content-files" check. */
  async sweep(): Promise<ReconcileCheck> {
    const released = await this.sweepRows();
    const orphans = await this.sweepObjects();
    const details = [
      ...(released.rows ? [`${released.rows} files no code names any more were removed (${released.stored} from storage)`] : []),
      ...(orphans.found ? [`${orphans.removed} of ${orphans.found} stored files no row names were removed`] : []),
    ];
    const failed = released.rows - released.stored + orphans.found - orphans.removed;
    return {
      check: 'content-files',
      checked: released.checked + orphans.checked,
      repaired: released.stored + orphans.removed,
      needsAttention: failed,
      details,
    };
  }

  /** Rows of files no live code names, past the upload grace or named only by deleted codes. */
  private async sweepRows(): Promise<{ checked: number; rows: number; stored: number }> {
    const candidates = await this.files.unnamed(new Date(this.now() - this.config.contentStorage.uploadGraceMs), SWEEP_BATCH);
    const byOwner = new Map<string, string[]>();
    for (const file of candidates) byOwner.set(file.ownerId, [...(byOwner.get(file.ownerId) ?? []), file.id]);
    let rows = 0;
    let stored = 0;
    for (const [ownerId, ids] of byOwner) {
      const keys = await this.files.deleteUnnamed(ownerId, ids);
      rows += keys.length;
      stored += await this.removeStored(keys);
    }
    return { checked: candidates.length, rows, stored };
  }

  /** Stored objects no row names (a removal that failed, an upload whose row was never written), past an hour. */
  private async sweepObjects(): Promise<{ checked: number; found: number; removed: number }> {
    const cutoff = this.now() - Math.min(ORPHAN_OBJECT_GRACE_MS, this.config.contentStorage.uploadGraceMs);
    let checked = 0;
    let found = 0;
    let removed = 0;
    for await (const page of this.storage.list()) {
      checked += page.length;
      const known = await this.files.knownKeys(page.map((object) => object.key));
      const orphans = page.filter((object) => !known.has(object.key) && object.modifiedAt.getTime() < cutoff).map((object) => object.key);
      found += orphans.length;
      removed += await this.removeStored(orphans);
    }
    return { checked, found, removed };
  }
}
