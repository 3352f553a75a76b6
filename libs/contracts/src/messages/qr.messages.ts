import type { AbuseReportPage, AbuseReportView, ReportReason, ReportStatus, ReportedCodeView } from '../dto/abuse.dto';
import type { CampaignSettings } from '../dto/campaign.dto';
import type { SlugAvailability } from '../dto/custom-slug.dto';
import type { CodePage, CodePageRequest } from '../dto/code-page.dto';
import type { EffectiveState } from '../dto/effective-state';
import type { UniqueWindow } from '../dto/unique-window';
import type { ActivityPage, ActivityPageRequest } from '../dto/activity.dto';
import type { CodeContent, PublicPage, StoredContent } from '../dto/content.dto';
import type { DataExportView } from '../dto/account-data.dto';
import type { CodeHistoryPage, HistoryPageRequest } from '../dto/code-history.dto';
import type { BulkResult, BulkTagOperation, FolderView, TagCount } from '../dto/organise.dto';
import type { DesignTemplateView } from '../dto/design-template.dto';
import type { BulkImportCells, BulkImportView } from '../dto/bulk-import.dto';
import type { AccountAnalytics, AnalyticsRange, AnalyticsSettingsView, CodeAnalytics, CodeComparisonPage, RecentMinutes, ScanPatterns } from './analytics.views';
import type { RedirectEntry } from '../redis/redirect-table';
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
  /** Human scans of the code's last 30 minutes, minute by minute (the live chart). */
  RecentMinutes = 'qr.recent-minutes',
  GetAnalyticsSettings = 'qr.analytics-settings.get',
  SetAnalyticsSettings = 'qr.analytics-settings.set',
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
  /** PUBLIC_BASE_URL/r/{slug}, or https://{domain}/{slug} on a custom domain: what the image encodes, forever. */
  shortUrl: string;
  /** The custom domain of its link (hostname), null for the default host. */
  domain: string | null;
  /** The link to share in messages and posts (/l/{slug}): the same redirect, its visits counted as clicks, apart from scans. */
  linkUrl: string;
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
  /** How often one visitor counts as a unique visitor in the code's analytics ('day' unless changed). */
  uniqueWindow?: UniqueWindow;
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
      /** One of the workspace's verified custom domains (else the default host). */
      domainId?: string | null;
      /** Unique visitors once per hour or per day (else per day). */
      uniqueWindow?: UniqueWindow;
    };
    res: QrCodeView;
  };
  [QrPattern.SlugAvailability]: { req: { userId: string; slug: string; domainId?: string | null }; res: SlugAvailability };
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
        domainId?: string | null;
        confirmDomainMove?: boolean;
        uniqueWindow?: UniqueWindow;
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
  [QrPattern.RecentMinutes]: { req: Owned; res: RecentMinutes };
  [QrPattern.GetAnalyticsSettings]: { req: { userId: string }; res: AnalyticsSettingsView };
  [QrPattern.SetAnalyticsSettings]: { req: { userId: string; euPrivacy: boolean }; res: AnalyticsSettingsView };
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
  /** `userId`: the workspace exported; `requestedBy`: the member who asked (their profile is in it, the mail goes to them). */
  [QrPattern.StartDataExport]: { req: { userId: string; requestedBy: string }; res: DataExportView };
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
