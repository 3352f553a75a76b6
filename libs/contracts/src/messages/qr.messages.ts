import type { AbuseReportPage, AbuseReportView, ReportReason, ReportStatus, ReportedCodeView } from '../dto/abuse.dto';
import type { CampaignEntry, CampaignSettings } from '../dto/campaign.dto';
import type { SlugAvailability } from '../dto/custom-slug.dto';
import type { CodePage, CodePageRequest } from '../dto/code-page.dto';
import type { EffectiveState } from '../dto/effective-state';
import type { ActivityPage, ActivityPageRequest } from '../dto/activity.dto';
import type { CodeContent, PublicPage, StoredContent } from '../dto/content.dto';
import type { DataExportView } from '../dto/account-data.dto';
import type { CodeHistoryPage, HistoryPageRequest } from '../dto/code-history.dto';
import type { BulkResult, BulkTagOperation, FolderView, TagCount } from '../dto/organise.dto';
import type { DesignTemplateView } from '../dto/design-template.dto';
import type { BulkImportCells, BulkImportView } from '../dto/bulk-import.dto';
import type { QrCategory, QrCodeState, QrDotStyle, QrErrorCorrection, QrEyeStyle, QrFrameStyle, QrGradient } from '../dto/qr.dto';

/** Requests the qr-service answers. */
export enum QrPattern {
  /**
   * Redirect-service miss while the Redis redirect table is not complete (being rebuilt): load a
   * slug from PostgreSQL and refill its entry.
   */
  ResolveSlug = 'qr.resolve-slug',
  /** Operators: rebuild the whole Redis redirect table from PostgreSQL and mark it complete. */
  RebuildRedirectTable = 'qr.rebuild-redirect-table',
  /** The qr-service's reconciliation: the redirect table against PostgreSQL, the outbox backlog. */
  Reconcile = 'qr.reconcile',
  /** How many codes a user has (billing's "seats used"). */
  CountCodes = 'qr.count-codes',
  /** Codes and scans per user, for the admin user table. */
  UserStats = 'qr.user-stats',
  ListCodes = 'qr.list-codes',
  /** One page of a user's codes: sorted, searched and filtered, with a keyset cursor. */
  ListCodesPage = 'qr.list-codes-page',
  GetCode = 'qr.get-code',
  CreateCode = 'qr.create-code',
  /** Whether a custom slug could be taken now (as the owner types it). */
  SlugAvailability = 'qr.slug-availability',
  UpdateCode = 'qr.update-code',
  /** A content code's hosted page, for anyone (GET /api/public/pages/{slug}): only while the code is active. */
  PublicPage = 'qr.public-page',
  UpdateDesign = 'qr.update-design',
  /** Upload (normalise and store) or remove the centre logo of a code's design. */
  SetLogo = 'qr.set-logo',
  DeleteCode = 'qr.delete-code',
  /** The owner activates or deactivates a code. */
  SetCodeState = 'qr.set-code-state',
  CodeAnalytics = 'qr.code-analytics',
  AccountAnalytics = 'qr.account-analytics',
  ScanPatterns = 'qr.scan-patterns',
  CodeComparison = 'qr.code-comparison',
  AdminOverview = 'qr.admin-overview',
  /** Abuse handling: a public report, the admin queue, takedown and restore of any code. */
  CreateReport = 'qr.create-report',
  ListReports = 'qr.list-reports',
  SetReportStatus = 'qr.set-report-status',
  TakeDownCode = 'qr.take-down-code',
  RestoreCode = 'qr.restore-code',
  /** Queue a ZIP of everything the account holds (one build at a time per user). */
  StartDataExport = 'qr.start-data-export',
  /** The user's latest export and its progress, or null. */
  LatestDataExport = 'qr.latest-data-export',
  /** One code's history, newest first (404 for a code that is not the caller's). */
  CodeHistory = 'qr.code-history',
  /** Every change of the owner's codes, newest first, filtered by code and kind. */
  AccountActivity = 'qr.account-activity',
  /** The owner's folders (create, rename, delete) and tags in use. */
  ListFolders = 'qr.list-folders',
  CreateFolder = 'qr.create-folder',
  RenameFolder = 'qr.rename-folder',
  DeleteFolder = 'qr.delete-folder',
  ListTags = 'qr.list-tags',
  /** One action on up to BULK_MAX_IDS of the owner's codes, all or nothing. */
  BulkSetActive = 'qr.bulk-set-active',
  BulkDelete = 'qr.bulk-delete',
  BulkTag = 'qr.bulk-tag',
  BulkMoveToFolder = 'qr.bulk-move-to-folder',
  /** Every chosen code takes one of the owner's design templates (all or nothing). */
  BulkApplyDesignTemplate = 'qr.bulk-apply-design-template',
  /** The account's saved designs, newest first. */
  ListDesignTemplates = 'qr.list-design-templates',
  CreateDesignTemplate = 'qr.create-design-template',
  DeleteDesignTemplate = 'qr.delete-design-template',
  /** Bulk create from CSV (the file itself goes over internal HTTP: QrFileRoute.BulkImportUpload). */
  GetBulkImport = 'qr.get-bulk-import',
  /** A row fixed in the preview, checked again with the whole file. */
  UpdateBulkImportRow = 'qr.update-bulk-import-row',
  /** Buy the seats the import needs (once) and queue the creation of its codes. */
  ConfirmBulkImport = 'qr.confirm-bulk-import',
  /** Stops a confirmed import between two batches: the codes created stay, the rest is not created. */
  CancelBulkImport = 'qr.cancel-bulk-import',
}

/** BullMQ queues the qr-service keeps for itself. */
export enum QrQueue {
  /** Builds of data exports (job id = export id) and the hourly sweep of expired ones. */
  DataExports = 'qr-data-exports',
  /** Creation of a confirmed bulk import's codes (job id = import id). */
  BulkImports = 'qr-bulk-imports',
}

export enum DataExportJob {
  /** Build one export (job id = export id). */
  Build = 'build',
  /** Delete expired exports (a repeating job). */
  Sweep = 'sweep',
}

export interface RedirectEntry {
  codeId: string;
  /** Destination URL, or null when the code is not redirecting. */
  destination: string | null;
  /**
   * 'deleted': a tombstone (the slug stays reserved), answered like an unknown slug. 'closed': a
   * code of a deleted account (a tombstone too), answered with the 410 "not active" page. 'disabled':
   * taken down by an admin for abuse (HTTP 451 page) until restored.
   */
  state: 'active' | 'deactivated' | 'suspended' | 'deleted' | 'closed' | 'disabled';
  /**
   * Raised by every change of the code or of its owner's state; the table keeps the highest one
   * written (compare-and-set), so a late write never replaces a newer state.
   */
  version: number;
  /** Campaign controls (docs/campaign-controls.md); absent for a plain code. */
  campaign?: CampaignEntry;
  /**
   * A content code's page (docs/content-codes.md), while the code is active: the redirect-service
   * renders it where the scan lands, without asking the qr-service.
   */
  content?: StoredContent;
}

/** A code's scan-limit counter in Redis: counted (human) scans so far. */
export function scanLimitKey(redisPrefix: string, codeId: string): string {
  return `${redisPrefix}:scan-limit:${codeId}`;
}

/**
 * One comparison of what must agree (e.g. seats paid and codes held), as a reconciliation ran it:
 * what it looked at, what it repaired, and what it found but leaves to a person.
 */
export interface ReconcileCheck {
  check: 'redirect-table' | 'outbox' | 'seats' | 'signups' | 'subscriptions' | 'accounts' | 'blocklist' | 'content-files';
  checked: number;
  repaired: number;
  needsAttention: number;
  /** Each repair and each finding, in words (at most 20). */
  details: string[];
}

/** The admin's "Reconcile now": every service's checks. */
export interface ReconcileReport {
  ranAt: string;
  checks: ReconcileCheck[];
}

/** What a rebuild of the redirect table did. */
export interface RedirectTableRebuild {
  /** The generation now marking the table complete; null when the rebuild had to stop (see reason). */
  generation: string | null;
  /** Codes read from PostgreSQL (every state, deleted ones as tombstones). */
  codes: number;
  /** Entries that were missing or older in Redis and were written. */
  written: number;
  ms: number;
  reason?: 'busy' | 'lost';
}

export interface QrDesignView {
  foreground: string;
  background: string;
  errorCorrection: QrErrorCorrection;
  margin: number;
  dotStyle: QrDotStyle;
  /** Null: the eyes follow the dot style. */
  eyeStyle: QrEyeStyle | null;
  /** Null: the eyes take the foreground (or its gradient). */
  eyeColour: string | null;
  gradient: QrGradient | null;
  /** PNG and SVG (and PDF) without a background; contrast is judged against white. */
  transparent: boolean;
  frame: QrFrameStyle;
  frameText: string;
  /** The logo itself shows in the preview; lists stay small without its bytes. */
  hasLogo: boolean;
}

/** What the editor sends: the settings added after the first ones may be left out (they keep their defaults). */
export type QrDesignInput = Omit<QrDesignView, 'hasLogo' | 'eyeStyle' | 'eyeColour' | 'gradient' | 'transparent' | 'frame' | 'frameText'> &
  Partial<Pick<QrDesignView, 'eyeStyle' | 'eyeColour' | 'gradient' | 'transparent' | 'frame' | 'frameText'>>;

/** Why a code is suspended; owner deactivation is kept apart so lifting one does not undo the other. */
export interface QrSuspension {
  billing: boolean;
  account: boolean;
}

export interface QrCodeView {
  id: string;
  slug: string;
  /** PUBLIC_BASE_URL/r/{slug}: what the image encodes, forever. */
  shortUrl: string;
  name: string;
  destinationUrl: string;
  category: QrCategory | null;
  /** Free tags, normalised (lower case), in the order added. */
  tags: string[];
  /** The folder the code is in, or null. */
  folderId: string | null;
  design: QrDesignView;
  state: QrCodeState;
  /** What a scan meets now: the state, or expired / scan limit reached by the campaign controls. */
  effectiveState: EffectiveState;
  deactivatedByOwner: boolean;
  suspended: QrSuspension;
  /** Set while an admin has taken the code down for abuse: scans see a "disabled" page. */
  takedown?: { reason: string; at: string } | null;
  /** Human scans (bots excluded), all time. */
  totalScans: number;
  lastScanAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Campaign controls as the owner set them (null: none). */
  campaign?: CampaignSettings | null;
  /** Scanners must give a password before the redirect. */
  passwordProtected?: boolean;
  /** Scans left before the scan limit expires the code; null without a limit. */
  remainingScans?: number | null;
  /** A page we host (contact card, link list, file, Wi-Fi); null for a website code. */
  content?: StoredContent | null;
}

/** Local days (YYYY-MM-DD) in `tz`, both included; compare=previous adds the period before. */
export interface AnalyticsRange {
  from?: string;
  to?: string;
  tz?: string;
  compare?: string;
}

export interface CountItem {
  /** Country code, city, device type, browser... '' when unknown. */
  key: string;
  /** For cities: the country code. */
  country?: string;
  scans: number;
}

export interface SeriesPoint {
  /** Local bucket start in the viewer's time zone: YYYY-MM-DD, or YYYY-MM-DDTHH:00 for hours. */
  bucket: string;
  scans: number;
  uniqueScans: number;
}

export interface ScanBreakdowns {
  countries: CountItem[];
  regions: CountItem[];
  cities: CountItem[];
  devices: CountItem[];
  os: CountItem[];
  browsers: CountItem[];
  referrers: CountItem[];
}

/**
 * Change against the previous period in percent (one decimal), or 'new' when the previous period
 * had none and this one has some; 0 when both had none.
 */
export type PercentChange = number | 'new';

/** The period of the same number of local days just before the one shown (compare=previous). */
export interface PreviousPeriod {
  from: string;
  to: string;
  scans: number;
  uniqueScans: number;
  botScans: number;
  change: { scans: PercentChange; uniqueScans: PercentChange };
}

/** When people scan, Monday first: heatmap[day][hour] = human scans in that local hour of the week. */
export interface ScanPatterns {
  codeId: string | null;
  from: string;
  to: string;
  tz: string;
  heatmap: number[][];
  /** Every country with human scans in the range (not only the top ones), most first; '' is unknown. */
  countries: CountItem[];
}

export interface CodeComparisonRow {
  codeId: string;
  name: string;
  slug: string;
  scans: number;
  uniqueScans: number;
  previousScans: number;
  previousUniqueScans: number;
  change: PercentChange;
}

/** The account's codes with scans in the range or the one before, one page of them. */
export interface CodeComparisonPage {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  tz: string;
  sort: 'scans' | 'uniqueScans' | 'change' | 'name';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  total: number;
  items: CodeComparisonRow[];
}

export interface CodeAnalytics extends ScanBreakdowns {
  codeId: string;
  from: string;
  to: string;
  tz: string;
  granularity: 'hour' | 'day';
  /** Within the range; bots and HEAD/prefetch requests only in botScans. */
  scans: number;
  uniqueScans: number;
  botScans: number;
  allTime: { scans: number; botScans: number; lastScanAt: string | null };
  last30Days: number;
  series: SeriesPoint[];
  /** A/B split (campaign controls): human scans and unique visitors per variant in the range. */
  variants?: { key: string; scans: number; uniqueScans: number }[];
  /** With compare=previous. */
  previous?: PreviousPeriod;
}

export interface RecentActivity {
  id: string;
  codeId: string;
  codeName: string;
  action: 'scan' | 'edit' | 'create';
  at: string;
  /** For scans: where and on what. */
  country?: string | null;
  city?: string | null;
  device?: string | null;
}

/** GET /api/analytics: spec fields (totalScans, lastMonth, qrCodes, lastScan) plus the breakdowns. */
export interface AccountAnalytics extends ScanBreakdowns {
  totalScans: number;
  /** Scans in the last 30 days. */
  lastMonth: number;
  qrCodes: number;
  activeCodes: number;
  lastScan: string | null;
  uniqueScans30Days: number;
  botScans: number;
  /** Calendar months in the viewer's time zone, for the dashboard's month comparison. */
  thisMonth: number;
  previousMonth: number;
  tz: string;
  /** Daily, last 30 days in the viewer's time zone. */
  series: SeriesPoint[];
  topCodes: { codeId: string; name: string; scans: number }[];
  recentActivity: RecentActivity[];
  /** The chosen range (default the last 30 days): series and breakdowns cover it. */
  from: string;
  to: string;
  granularity: 'hour' | 'day';
  scans: number;
  uniqueScans: number;
  rangeBotScans: number;
  /** With compare=previous. */
  previous?: PreviousPeriod;
}

export interface AdminCodeRow {
  id: string;
  slug: string;
  name: string;
  ownerId: string;
  state: QrCodeState;
  totalScans: number;
  createdAt: string;
}

export interface AdminQrOverview {
  total: number;
  byState: Record<QrCodeState, number>;
  totalScans: number;
  scansLast30Days: number;
  /** Human scans since midnight UTC (optional for readers written before it existed). */
  scansToday?: number;
  botScans: number;
  /** Scan entries the ingestor could not store after several attempts (kept, with their reason, for an operator). */
  deadLetteredScans?: number;
  items: AdminCodeRow[];
  page: number;
  pageSize: number;
}

type Owned<T = object> = T & { userId: string; codeId: string };
/**
 * A change made through the public API names its key in the code's history. `unchangedSince` is the
 * `updatedAt` its If-Match was checked against: the change is made only if the code is still that
 * version when it is locked (412 otherwise), so two changes sent with the same ETag never both win.
 */
type ByKey = { apiKeyName?: string; unchangedSince?: string };

export interface QrRequests {
  [QrPattern.ResolveSlug]: { req: { slug: string }; res: RedirectEntry | null };
  [QrPattern.RebuildRedirectTable]: { req: Record<string, never>; res: RedirectTableRebuild };
  [QrPattern.Reconcile]: { req: Record<string, never>; res: ReconcileCheck[] };
  /** Seats in use: live codes and the rows of confirmed bulk imports still to create (but `exceptImport`'s). */
  [QrPattern.CountCodes]: { req: { userId: string; exceptImport?: string }; res: { count: number } };
  [QrPattern.UserStats]: {
    req: { userIds: string[] };
    res: Record<string, { codes: number; scans: number }>;
  };
  [QrPattern.ListCodes]: { req: { userId: string }; res: QrCodeView[] };
  [QrPattern.ListCodesPage]: { req: CodePageRequest & { userId: string }; res: CodePage<QrCodeView> };
  [QrPattern.GetCode]: { req: Owned; res: QrCodeView };
  [QrPattern.CreateCode]: {
    req: ByKey & {
      userId: string;
      name: string;
      destinationUrl?: string;
      content?: CodeContent;
      category?: QrCategory;
      campaign?: CampaignSettings;
      slug?: string;
      password?: string;
      tags?: string[];
      folderId?: string | null;
      /** Start from this saved design of the account (else the default design). */
      designTemplateId?: string;
    };
    res: QrCodeView;
  };
  [QrPattern.SlugAvailability]: { req: { userId: string; slug: string }; res: SlugAvailability };
  [QrPattern.UpdateCode]: {
    req: Owned<
      ByKey & {
        name?: string;
        destinationUrl?: string;
        content?: CodeContent;
        category?: QrCategory | null;
        campaign?: CampaignSettings | null;
        password?: string | null;
        tags?: string[] | null;
        folderId?: string | null;
      }
    >;
    res: QrCodeView;
  };
  [QrPattern.PublicPage]: {
    req: { slug: string };
    res: PublicPage;
  };
  [QrPattern.UpdateDesign]: { req: Owned<ByKey & { design: QrDesignInput }>; res: QrCodeView };
  [QrPattern.SetLogo]: { req: Owned<{ logoBase64: string | null }>; res: QrCodeView };
  [QrPattern.DeleteCode]: { req: Owned<ByKey>; res: { ok: true } };
  [QrPattern.SetCodeState]: { req: Owned<ByKey & { active: boolean }>; res: QrCodeView };
  [QrPattern.CodeAnalytics]: { req: Owned<AnalyticsRange>; res: CodeAnalytics };
  [QrPattern.AccountAnalytics]: { req: AnalyticsRange & { userId: string }; res: AccountAnalytics };
  [QrPattern.ScanPatterns]: { req: AnalyticsRange & { userId: string; codeId?: string }; res: ScanPatterns };
  [QrPattern.CodeComparison]: {
    req: AnalyticsRange & { userId: string; sort?: string; order?: string; page?: number; pageSize?: number };
    res: CodeComparisonPage;
  };
  [QrPattern.AdminOverview]: { req: { page: number; pageSize: number }; res: AdminQrOverview };
  [QrPattern.CreateReport]: {
    req: { slug: string; reason: ReportReason; details: string; reporterEmail: string | null };
    res: { id: string };
  };
  [QrPattern.ListReports]: { req: { status: ReportStatus | null; page: number; pageSize: number }; res: AbuseReportPage };
  [QrPattern.SetReportStatus]: { req: { reportId: string; status: ReportStatus; actorId: string }; res: AbuseReportView };
  [QrPattern.TakeDownCode]: { req: { slug: string; reason: string; actorId: string }; res: ReportedCodeView };
  [QrPattern.RestoreCode]: { req: { slug: string; actorId: string }; res: ReportedCodeView };
  [QrPattern.StartDataExport]: { req: { userId: string }; res: DataExportView };
  [QrPattern.LatestDataExport]: { req: { userId: string }; res: DataExportView | null };
  [QrPattern.CodeHistory]: { req: Owned<Pick<HistoryPageRequest, 'limit' | 'cursor'>>; res: CodeHistoryPage };
  [QrPattern.AccountActivity]: { req: ActivityPageRequest & { userId: string }; res: ActivityPage };
  [QrPattern.ListFolders]: { req: { userId: string }; res: FolderView[] };
  [QrPattern.CreateFolder]: { req: { userId: string; name: string }; res: FolderView };
  [QrPattern.RenameFolder]: { req: { userId: string; folderId: string; name: string }; res: FolderView };
  [QrPattern.DeleteFolder]: { req: { userId: string; folderId: string }; res: { ok: true } };
  [QrPattern.ListTags]: { req: { userId: string }; res: TagCount[] };
  [QrPattern.BulkSetActive]: { req: ByKey & { userId: string; ids: string[]; active: boolean }; res: BulkResult };
  [QrPattern.BulkDelete]: { req: ByKey & { userId: string; ids: string[] }; res: BulkResult };
  [QrPattern.BulkTag]: { req: ByKey & { userId: string; ids: string[]; tag: string; operation: BulkTagOperation }; res: BulkResult };
  [QrPattern.BulkMoveToFolder]: { req: ByKey & { userId: string; ids: string[]; folderId: string | null }; res: BulkResult };
  [QrPattern.BulkApplyDesignTemplate]: { req: ByKey & { userId: string; ids: string[]; templateId: string }; res: BulkResult };
  [QrPattern.ListDesignTemplates]: { req: { userId: string }; res: DesignTemplateView[] };
  [QrPattern.CreateDesignTemplate]: { req: { userId: string; name: string; design?: Record<string, unknown>; codeId?: string }; res: DesignTemplateView };
  [QrPattern.DeleteDesignTemplate]: { req: { userId: string; templateId: string }; res: { ok: true } };
  [QrPattern.GetBulkImport]: { req: { userId: string; importId: string }; res: BulkImportView };
  [QrPattern.UpdateBulkImportRow]: { req: { userId: string; importId: string; row: number; cells: BulkImportCells }; res: BulkImportView };
  [QrPattern.ConfirmBulkImport]: {
    req: { userId: string; importId: string; totalCents: number | null; idempotencyKey?: string; designTemplateId: string | null };
    res: BulkImportView;
  };
  [QrPattern.CancelBulkImport]: { req: { userId: string; importId: string }; res: BulkImportView };
}

/**
 * The Redis redirect table (one key per slug, JSON RedirectEntry) that the qr-service writes
 * through on every change and the redirect-service reads; changed slugs are published on the
 * channel so every redirect-service replica drops its in-process copy at once.
 */
export function redirectTableKey(redisPrefix: string, slug: string): string {
  return `${redisPrefix}:redirect:${slug}`;
}
export function redirectChangesChannel(redisPrefix: string): string {
  return `${redisPrefix}:redirect-changes`;
}
/**
 * Present (holding the generation) while the table holds every code: a slug missing from it is
 * unknown. Set by a full rebuild; gone with the rest of the data when Redis loses it.
 */
export function redirectTableCompleteKey(redisPrefix: string): string {
  return `${redisPrefix}:redirect-table:complete`;
}
/** The lease of the rebuild in progress (one qr-service replica at a time). */
export function redirectTableBuildKey(redisPrefix: string): string {
  return `${redisPrefix}:redirect-table:build`;
}

/** A slug: 7 base62 characters. */
/** Generated slugs (7 base62 characters) and custom ones (4-32 of A-Z a-z 0-9 - _). */
export const SLUG_PATTERN = /^[0-9A-Za-z_-]{4,32}$/;

/** One scan as the redirect-service appends it to the scan stream (scanStreamKey); raw until the qr-service enriches it. */
export interface ScanStreamEntry {
  /**
   * The scan's id (a UUIDv7), made by the redirect-service when the scan happened: the stored
   * scan's unique key, so an entry delivered twice or a buffer re-sent after an outage counts once.
   */
  id: string;
  codeId: string;
  slug: string;
  /** Milliseconds since the epoch, when the redirect answered. */
  ts: number;
  ip: string;
  userAgent: string;
  referer: string;
  acceptLanguage: string;
  /** Country from a trusted CDN header, '' without one. */
  country: string;
  method: 'GET' | 'HEAD';
  /** Purpose / Sec-Purpose / X-Moz header: "prefetch" marks a browser's speculative load. */
  purpose: string;
  /** The A/B variant the scan was sent to (campaign controls), absent otherwise. */
  variant?: string;
}

/** The stream entry's one field: the scan packed as a JSON array (one argument per scan keeps XADD cheap). */
export const SCAN_FIELD = 's';
/** 2: with the scan's own id. 1 (before scan ids): the id is derived from the stream entry id. */
const SCAN_VERSION = 2;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value of SCAN_FIELD for a scan. */
export function encodeScanEntry(entry: ScanStreamEntry): string {
  return JSON.stringify([
    SCAN_VERSION,
    entry.id,
    entry.codeId,
    entry.slug,
    entry.ts,
    entry.ip,
    entry.userAgent,
    entry.referer,
    entry.acceptLanguage,
    entry.country,
    entry.method,
    entry.purpose,
    // An optional 13th value: older readers refuse nothing they knew, newer ones read it when there.
    ...(entry.variant ? [entry.variant] : []),
  ]);
}

/**
 * Reads an entry's flat field list (from XREADGROUP) back; null for an entry that is not a scan.
 * `legacyId` names a version-1 entry, which carried no id of its own (e.g. derived from its stream id).
 */
export function decodeScanEntry(fields: string[], legacyId: () => string = () => ''): ScanStreamEntry | null {
  const index = fields.findIndex((field, i) => i % 2 === 0 && field === SCAN_FIELD);
  if (index < 0) return null;
  let packed: unknown;
  try {
    packed = JSON.parse(fields[index + 1] ?? '');
  } catch {
    return null;
  }
  if (!Array.isArray(packed)) return null;
  let values: unknown[];
  if (packed[0] === SCAN_VERSION && (packed.length === 12 || packed.length === 13)) values = packed.slice(1);
  else if (packed[0] === 1 && packed.length === 11) values = [legacyId(), ...packed.slice(1)];
  else return null;
  const [id, codeId, slug, ts, ip, userAgent, referer, acceptLanguage, country, method, purpose, variant] = values;
  const text = [codeId, slug, ip, userAgent, referer, acceptLanguage, country, purpose];
  if (typeof id !== 'string' || !UUID_TEXT.test(id)) return null;
  if (!text.every((value) => typeof value === 'string') || !codeId) return null;
  if (typeof ts !== 'number' || !Number.isFinite(ts) || ts <= 0 || (method !== 'GET' && method !== 'HEAD')) return null;
  return {
    id: id.toLowerCase(),
    codeId: codeId as string,
    slug: slug as string,
    ts,
    ip: ip as string,
    userAgent: userAgent as string,
    referer: referer as string,
    acceptLanguage: acceptLanguage as string,
    country: country as string,
    method,
    purpose: purpose as string,
    ...(typeof variant === 'string' && variant ? { variant: variant.slice(0, 40) } : {}),
  };
}
