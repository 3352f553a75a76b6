import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  CODE_PAGE_MAX_LIMIT,
  CODE_SORTS,
  CodePage,
  CodePageRequest,
  cursorProblem,
  decodeCodeCursor,
  encodeCodeCursor,
  QrCodeView,
  RedirectEntry,
  RedirectTableRebuild,
  scanLimitKey,
} from '@qrd/contracts';
import IORedis from 'ioredis';
import { getEach, REDIS } from '@qrd/messaging';
import { CodeRecord, redirectSource, RedirectSource, tableSlugOf, toCodeView, toRedirectEntry } from './code.record';
import { codeNotFound, invalid } from './code-errors';
import { CodesRepository } from './codes.repository';
import { RedirectTable } from './redirect-table';
import { RedirectTableMaintainer } from './redirect-table-maintainer';

/**
 * Codes as their owner and the other services read them: lists, pages, one code with the scans
 * its limit leaves, seat counts, the redirect table's lookups. Also the clock every check of
 * campaign settings and every view uses (`now`). Changes are in CodeCreationService,
 * CodeUpdatesService, BulkCodeActions and OwnerCodesService.
 */
@Injectable()
export class CodesService {
  constructor(
    private readonly codes: CodesRepository,
    private readonly table: RedirectTable,
    private readonly maintainer: RedirectTableMaintainer,
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
      const counters = await getEach(this.redis, limited.map((code) => scanLimitKey(this.config.redisPrefix, code.id)));
      limited.forEach((code, i) => used.set(code.id, Number(counters[i] ?? 0)));
    }
    return codes.map((code) => this.view(code, used.get(code.id) ?? null));
  }

  /** The owner's codes whose scan limit is used up (what the state filters need). */
  private async limitReached(userId: string, now: Date): Promise<string[]> {
    const limited = await this.codes.limitedCodes(userId, now);
    if (limited.length === 0) return [];
    const counters = await getEach(this.redis, limited.map((code) => scanLimitKey(this.config.redisPrefix, code.id)));
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
  async withRemainingScans(code: CodeRecord): Promise<QrCodeView> {
    const limit = code.campaign?.scanLimit;
    if (!limit) return { ...this.view(code), remainingScans: null };
    const used = Number((await this.redis.get(scanLimitKey(this.config.redisPrefix, code.id))) ?? 0);
    return { ...this.view(code, used), remainingScans: Math.max(0, limit - used) };
  }

  /**
   * A redirect-service miss while the table is not complete: the database answers and the entry is
   * written (compare-and-set: a rebuild or a change that got there first is not overwritten).
   */
  /** Its image was downloaded: a move to another domain will ask to be confirmed. */
  markDownloaded(codeId: string): Promise<void> {
    return this.codes.markDownloaded([codeId]);
  }

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
    return this.table.apply(codes.map((code) => ({ slug: tableSlugOf(code), entry: toRedirectEntry(code) })));
  }
}
