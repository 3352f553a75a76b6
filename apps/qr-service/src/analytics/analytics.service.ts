import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import { pipeline, type Readable } from 'node:stream';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { REDIS } from '@qrd/messaging';
import {
  AccountAnalytics,
  AdminQrOverview,
  AnalyticsRange,
  CODE_COMPARISON_SORTS,
  CodeAnalytics,
  CodeComparisonPage,
  CodeComparisonSort,
  DEFAULT_UNIQUE_WINDOW,
  DomainError,
  ErrorCode,
  AnalyticsSettingsView,
  PreviousPeriod,
  RecentMinutes,
  ScanPatterns,
  scanDeadLetterKey,
} from '@qrd/contracts';
import { ConversionsRepository } from '../conversions/conversions.repository';
import { AnalyticsSettingsRepository } from './analytics-settings.repository';
import { CodeScanFiguresRepository } from './code-scan-figures.repository';
import { CodesService } from '../codes/codes.service';
import { AdminAnalyticsRepository } from './admin-analytics.repository';
import { AnalyticsRepository, ScanScope, WindowTotals } from './analytics.repository';
import { percentChange } from './analytics-windows';
import { ruleFigures } from './rule-figures';
import { scansToCsv } from './scans-csv';
import { scansToNdjson } from './scans-ndjson';
import { dayRange, isTimeZone, localToday, shiftDay } from './time-range';

const DAY_MS = 24 * 3600 * 1000;

/** Midnight UTC, `days` from today. */
function utcDayStart(days: number): Date {
  return new Date((Math.floor(Date.now() / DAY_MS) + days) * DAY_MS);
}

/** The same number of local days, ending the day before the range starts. */
function previousRange(range: { fromDay: string; toDay: string }): { fromDay: string; toDay: string } {
  const days = Math.round((Date.parse(range.toDay) - Date.parse(range.fromDay)) / DAY_MS) + 1;
  return { fromDay: shiftDay(range.fromDay, -days), toDay: shiftDay(range.fromDay, -1) };
}

function withChange(previous: WindowTotals & { from: string; to: string }, now: WindowTotals): PreviousPeriod {
  return {
    ...previous,
    change: { scans: percentChange(now.scans, previous.scans), uniqueScans: percentChange(now.uniqueScans, previous.uniqueScans) },
  };
}

/** Per-code and per-account figures, CSV export and the admin overview, all from stored scans. */
@Injectable()
export class AnalyticsService {
  private readonly knownZones = new Set<string>(['UTC']);

  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly admin: AdminAnalyticsRepository,
    private readonly codes: CodesService,
    private readonly conversions: ConversionsRepository,
    private readonly settingsRepo: AnalyticsSettingsRepository,
    private readonly figures: CodeScanFiguresRepository,
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forCode(userId: string, codeId: string, query: AnalyticsRange): Promise<CodeAnalytics> {
    const code = await this.codes.require(userId, codeId);
    const tz = await this.timeZone(query.tz);
    const range = dayRange(query.from, query.to, tz);
    const window = await this.analytics.localDayBounds(range.fromDay, range.toDay, tz);
    const scope = { codeId: code.id };
    const [totals, series, breakdowns, allTime, last30, variants, previous, conversions, rules] = await Promise.all([
      this.analytics.totals(scope, window),
      this.analytics.series(scope, { ...range, tz }),
      this.analytics.breakdowns(scope, window),
      this.analytics.codeStats(code.id),
      this.last30Days(tz).then((days) => this.analytics.totals(scope, days)),
      code.campaign ? this.figures.variants(code.id, window, code.uniqueWindow) : Promise.resolve([]),
      query.compare === 'previous' ? this.previousTotals(scope, range, tz) : Promise.resolve(null),
      this.conversions.totals(code.id, window.start, window.end),
      // Not only while the code has rules: the scans its rules sent before stay (a partial index finds them alone).
      this.figures.rules(code.id, window, code.uniqueWindow),
    ]);
    return {
      ...(previous ? { previous: withChange(previous, totals) } : {}),
      codeId: code.id,
      from: range.fromDay,
      to: range.toDay,
      tz,
      granularity: range.unit,
      ...totals,
      uniqueWindow: code.uniqueWindow ?? DEFAULT_UNIQUE_WINDOW,
      allTime: { ...allTime, lastScanAt: allTime.lastScanAt ? allTime.lastScanAt.toISOString() : null },
      last30Days: last30.scans,
      series,
      ...breakdowns,
      // Each variant with its leads, sales and revenue beside its scans.
      variants: variants.map((variant) => ({ ...variant, ...(conversions.variants.get(variant.key) ?? { leads: 0, sales: 0, revenue: [] }) })),
      // Each routing rule that sent scans, named by the rule now at its position.
      rules: ruleFigures(rules, conversions.rules, code.campaign, Date.now()),
      conversions: conversions.all,
    };
  }

  settings(userId: string): Promise<AnalyticsSettingsView> {
    return this.settingsRepo.settings(userId);
  }

  /** From now on (scans stored before keep what they hold). */
  async saveSettings(userId: string, euPrivacy: boolean): Promise<AnalyticsSettingsView> {
    await this.settingsRepo.saveSettings(userId, { euPrivacy });
    return this.settingsRepo.settings(userId);
  }

  /** The last 30 minutes of the code's human scans, minute by minute (empty minutes included), from the raw scans of the current partition. */
  async recentMinutes(userId: string, codeId: string, now: number = Date.now()): Promise<RecentMinutes> {
    const code = await this.codes.require(userId, codeId);
    const end = Math.floor(now / 60_000) * 60_000 + 60_000;
    const start = end - 30 * 60_000;
    const counts = await this.figures.minuteCounts(code.id, new Date(start), new Date(end));
    const minutes: RecentMinutes['minutes'] = [];
    for (let at = start; at < end; at += 60_000) minutes.push({ at: new Date(at).toISOString(), scans: counts.get(at) ?? 0 });
    return { minutes };
  }

  async forAccount(userId: string, query: AnalyticsRange = {}): Promise<AccountAnalytics> {
    const tz = await this.timeZone(query.tz);
    const now = new Date();
    const scope = { ownerId: userId };
    // Without a range: the last 30 days, day by day.
    const range = query.from || query.to ? dayRange(query.from, query.to, tz, now) : { ...dayRange(undefined, undefined, tz, now), unit: 'day' as const };
    const [last30, months, window] = await Promise.all([
      this.last30Days(tz, now),
      this.analytics.monthStarts(tz),
      this.analytics.localDayBounds(range.fromDay, range.toDay, tz),
    ]);
    const [stats, recent, thisMonth, previousMonth, series, breakdowns, topCodes, recentActivity, inRange, previous, byFolder] = await Promise.all([
      this.analytics.ownerStats(userId),
      this.analytics.totals(scope, last30),
      this.analytics.totals(scope, { start: months.thisMonth, end: last30.end }),
      this.analytics.totals(scope, { start: months.previousMonth, end: months.thisMonth }),
      this.analytics.series(scope, { ...range, tz }),
      this.analytics.breakdowns(scope, window),
      this.analytics.topCodes(userId),
      this.analytics.recentActivity(userId),
      this.analytics.totals(scope, window),
      query.compare === 'previous' ? this.previousTotals(scope, range, tz) : Promise.resolve(null),
      this.conversions.byFolder(userId, window.start, window.end),
    ]);
    return {
      from: range.fromDay,
      to: range.toDay,
      granularity: range.unit,
      scans: inRange.scans,
      uniqueScans: inRange.uniqueScans,
      rangeBotScans: inRange.botScans,
      conversionsByFolder: byFolder,
      ...(previous ? { previous: withChange(previous, inRange) } : {}),
      totalScans: stats.scans,
      lastMonth: recent.scans,
      qrCodes: stats.codes,
      activeCodes: stats.activeCodes,
      lastScan: stats.lastScanAt ? stats.lastScanAt.toISOString() : null,
      uniqueScans30Days: recent.uniqueScans,
      botScans: stats.botScans,
      thisMonth: thisMonth.scans,
      previousMonth: previousMonth.scans,
      tz,
      series,
      ...breakdowns,
      topCodes,
      recentActivity,
    };
  }

  /** Heatmap of the local hours of the week, every country and the busiest cities, for one code or the whole account. */
  async patterns(userId: string, query: AnalyticsRange & { codeId?: string }): Promise<ScanPatterns> {
    const scope: ScanScope = query.codeId ? { codeId: (await this.codes.require(userId, query.codeId)).id } : { ownerId: userId };
    const tz = await this.timeZone(query.tz);
    const range = dayRange(query.from, query.to, tz);
    const window = await this.analytics.localDayBounds(range.fromDay, range.toDay, tz);
    const [heatmap, { countries, cities }] = await Promise.all([this.analytics.heatmap(scope, window, tz), this.analytics.mapPlaces(scope, window)]);
    return { codeId: query.codeId ?? null, from: range.fromDay, to: range.toDay, tz, heatmap, countries, cities };
  }

  /** Each code's figures in the range next to the period before it, sorted and paged on the server. */
  async codeComparison(
    userId: string,
    query: AnalyticsRange & { sort?: string; order?: string; page?: number; pageSize?: number },
  ): Promise<CodeComparisonPage> {
    const tz = await this.timeZone(query.tz);
    const range = dayRange(query.from, query.to, tz);
    const before = previousRange(range);
    const sort = (CODE_COMPARISON_SORTS as readonly string[]).includes(query.sort ?? '') ? (query.sort as CodeComparisonSort) : 'scans';
    const order = query.order === 'asc' ? 'asc' : query.order === 'desc' ? 'desc' : sort === 'name' ? 'asc' : 'desc';
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const pageSize = Math.min(100, Math.max(1, Math.floor(query.pageSize ?? 20)));
    const [current, previous] = await Promise.all([
      this.analytics.localDayBounds(range.fromDay, range.toDay, tz),
      this.analytics.localDayBounds(before.fromDay, before.toDay, tz),
    ]);
    const { total, items } = await this.analytics.codeComparison(userId, current, previous, sort, order, page, pageSize);
    return {
      from: range.fromDay,
      to: range.toDay,
      previousFrom: before.fromDay,
      previousTo: before.toDay,
      tz,
      sort,
      order,
      page,
      pageSize,
      total,
      items,
    };
  }

  /** Totals of the period of the same number of local days just before the range. */
  private async previousTotals(scope: ScanScope, range: { fromDay: string; toDay: string }, tz: string) {
    const before = previousRange(range);
    const window = await this.analytics.localDayBounds(before.fromDay, before.toDay, tz);
    return { from: before.fromDay, to: before.toDay, ...(await this.analytics.totals(scope, window)) };
  }

  /** The viewer's last 30 local days, today included. */
  private last30Days(tz: string, now: Date = new Date()): Promise<{ start: Date; end: Date }> {
    const today = localToday(tz, now);
    return this.analytics.localDayBounds(shiftDay(today, -29), today, tz);
  }

  /** Every stored scan of one of the user's codes as CSV text, streamed (see streamScans). */
  async scansCsv(userId: string, codeId: string): Promise<{ fileName: string; csv: Readable }> {
    const code = await this.codes.require(userId, codeId);
    const rows = await this.analytics.streamScans(code.id);
    // pipeline: a failed read fails the CSV, and a CSV nobody reads any more closes the cursor.
    const csv = pipeline(rows, scansToCsv(), () => undefined);
    return { fileName: `scans-${code.id}.csv`, csv };
  }

  /** The same scans as newline-delimited JSON, one object a line, streamed. */
  async scansNdjson(userId: string, codeId: string): Promise<{ fileName: string; csv: Readable }> {
    const code = await this.codes.require(userId, codeId);
    const rows = await this.analytics.streamScans(code.id);
    const ndjson = pipeline(rows, scansToNdjson(), () => undefined);
    return { fileName: `scans-${code.id}.ndjson`, csv: ndjson };
  }

  async adminOverview(page: number, pageSize: number): Promise<AdminQrOverview> {
    const safePage = Math.max(1, Math.floor(page));
    const safeSize = Math.min(100, Math.max(1, Math.floor(pageSize)));
    const [counts, items, deadLetteredScans] = await Promise.all([
      this.admin.adminCounts(utcDayStart(-29), utcDayStart(0)),
      this.admin.adminPage(safePage, safeSize),
      this.redis.xlen(scanDeadLetterKey(this.config.redisPrefix)),
    ]);
    const total = counts.byState.active + counts.byState.deactivated + counts.byState.suspended;
    return {
      total,
      byState: counts.byState,
      totalScans: counts.totalScans,
      scansLast30Days: counts.recentScans,
      scansToday: counts.todayScans,
      botScans: counts.botScans,
      deadLetteredScans,
      items,
      page: safePage,
      pageSize: safeSize,
    };
  }

  /** Both the browser's and PostgreSQL's time zone databases must know the zone. */
  private async timeZone(tz: string | undefined): Promise<string> {
    const zone = tz?.trim() || 'UTC';
    if (this.knownZones.has(zone)) return zone;
    if (zone.length > 64 || !isTimeZone(zone) || !(await this.analytics.isKnownTimeZone(zone))) {
      throw new DomainError(ErrorCode.Validation, 'Unknown time zone', { tz: 'Unknown time zone' });
    }
    this.knownZones.add(zone);
    return zone;
  }
}
