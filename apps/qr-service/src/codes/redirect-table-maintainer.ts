import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { LOGGER, Logger } from '@qrd/config';
import type { RedirectTableRebuild } from '@qrd/contracts';
import { tableSlugOf, toRedirectEntry } from './code.record';
import { CodesRepository } from './codes.repository';
import { RedirectTable } from './redirect-table';

/** How often the table's completeness marker is looked at (a Redis that lost its data is noticed within this). */
const CHECK_INTERVAL_MS = 1000;
const PAGE_SIZE = 1000;
/** The rebuild lease; renewed after every page, so a replica that died mid-rebuild is replaced after this. */
const LEASE_MS = 30_000;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Why a rebuild runs. 'start' and 'reconcile' are repair passes that keep a table already marked complete usable
 * while it runs (a change whose write was lost in a crash gets written); every other reason
 * first marks the table incomplete, so slugs it may be missing are asked of the qr-service.
 */
export type RebuildReason = 'start' | 'reconcile' | 'data-lost' | 'redis-restarted' | 'write-failed' | 'requested';

/**
 * Keeps the Redis redirect table authoritative (DESIGN section 4): rebuilds it from PostgreSQL at
 * start, when its completeness marker disappears (Redis lost its data), when Redis restarted
 * (it may have come back with older data), after a write that never reached it, and on request;
 * then marks it complete with a new generation.
 */
@Injectable()
export class RedirectTableMaintainer implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RedirectTableRebuild> | null = null;
  private checking = false;
  private stopped = false;
  private runId: string | null = null;
  /** A rebuild that is owed (Redis restarted, or a rebuild failed) until one gets under way. */
  private pending: RebuildReason | null = null;

  constructor(
    private readonly codes: CodesRepository,
    private readonly table: RedirectTable,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS);
    this.timer.unref();
    void this.check('start');
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** A full rebuild, or the one already running in this process. */
  rebuild(reason: RebuildReason): Promise<RedirectTableRebuild> {
    this.running ??= this.run(reason).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async check(start?: 'start'): Promise<void> {
    if (this.checking || this.running || this.stopped) return;
    this.checking = true;
    try {
      const reason = start ?? (await this.needsRebuild());
      if (reason) await this.rebuild(reason);
    } catch (error) {
      this.logger.warn({ err: error }, 'redirect table check failed');
    } finally {
      this.checking = false;
    }
  }

  private async needsRebuild(): Promise<RebuildReason | null> {
    const runId = await this.table.serverRunId();
    if (this.runId !== null && runId !== this.runId) this.pending = 'redis-restarted';
    this.runId = runId;
    if (this.pending) return this.pending;
    if (this.table.repairNeeded) return 'write-failed';
    return (await this.table.completeGeneration()) === null ? 'data-lost' : null;
  }

  private async run(reason: RebuildReason): Promise<RedirectTableRebuild> {
    const started = Date.now();
    const generation = `${started.toString(36)}-${randomBytes(4).toString('hex')}`;
    const outcome = (rest: Omit<RedirectTableRebuild, 'ms'>): RedirectTableRebuild => ({ ...rest, ms: Date.now() - started });
    if (!(await this.table.acquireBuild(generation, LEASE_MS))) {
      return outcome({ generation: null, codes: 0, written: 0, reason: 'busy' });
    }
    let codes = 0;
    let written = 0;
    try {
      this.runId ??= await this.table.serverRunId();
      // Failures from here on are covered by this rebuild, or flag the next one.
      this.pending = null;
      this.table.repairNeeded = false;
      const keptComplete = (reason === 'start' || reason === 'reconcile') && (await this.table.completeGeneration()) !== null;
      if (!keptComplete) await this.table.markIncomplete();
      for (let after = FIRST_ID; ; ) {
        if (this.stopped) return outcome({ generation: null, codes, written, reason: 'lost' });
        const page = await this.codes.redirectSourcesAfter(after, PAGE_SIZE);
        if (page.length === 0) break;
        // A slug remembered as unknown while the table was complete must hear that it now exists.
        written += await this.table.write(
          page.map((code) => ({ slug: tableSlugOf(code), entry: toRedirectEntry(code) })),
          { announceNew: keptComplete },
        );
        codes += page.length;
        if (!(await this.table.renewBuild(generation, LEASE_MS))) {
          this.logger.warn({ generation, codes }, 'redirect table rebuild lost its lease (Redis lost its data?); starting over');
          return outcome({ generation: null, codes, written, reason: 'lost' });
        }
        after = page[page.length - 1].id;
      }
      if (!(await this.table.finishBuild(generation))) return outcome({ generation: null, codes, written, reason: 'lost' });
      const result = outcome({ generation, codes, written });
      this.logger.info({ reason, ...result }, 'redirect table rebuilt and marked complete');
      return result;
    } catch (error) {
      this.pending ??= reason;
      throw error;
    } finally {
      await this.table.releaseBuild(generation).catch(() => undefined);
    }
  }
}
