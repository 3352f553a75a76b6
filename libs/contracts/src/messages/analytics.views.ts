import type { CampaignRule } from '../dto/campaign.dto';
import type { ConversionTotals } from '../dto/conversion.dto';
import type { UniqueWindow } from '../dto/unique-window';
/** What the qr-service answers about scans: ranges, breakdowns, series, comparisons and activity. */

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
  /** For cities: the region, when the IP database named one. */
  region?: string;
  /**
   * For cities: where the city is (degrees, WGS 84), as the IP database placed the first stored scan
   * there; absent when it gave no coordinates (the city is listed, not drawn).
   */
  lat?: number;
  lon?: number;
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
  /** Scans of the printed code ('scan') and visits through its shareable link ('click'), counted apart. */
  sources?: CountItem[];
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
  /** The cities with the most human scans in the range (up to 1000), most first, with their region and coordinates where known. */
  cities: CountItem[];
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
  /**
   * What one unique scan is: a visitor once per UTC hour or per UTC day, as the code counts now
   * (a change applies to scans from then on: a range across it holds both).
   */
  uniqueWindow: UniqueWindow;
  botScans: number;
  allTime: { scans: number; botScans: number; lastScanAt: string | null };
  last30Days: number;
  series: SeriesPoint[];
  /** A/B split (campaign controls): human scans and unique visitors per variant in the range, and their conversions. */
  variants?: ({ key: string; scans: number; uniqueScans: number } & Partial<ConversionTotals>)[];
  /** Routing rules (campaign controls): human scans each rule sent in the range, and their conversions, by rule position. */
  rules?: RuleFigures[];
  /** Leads, sales and revenue of scans in the range (conversions, docs/conversions.md). */
  conversions?: ConversionTotals;
  /** With compare=previous. */
  previous?: PreviousPeriod;
}

/** One routing rule's figures in a code's analytics. */
export interface RuleFigures extends ConversionTotals {
  /** The rule's 1-based position in the rules in force when the scans were made. */
  rule: number;
  scans: number;
  uniqueScans: number;
  /** The rule at that position in the rules in force now (its conditions and destination); null when there are fewer rules now. */
  current: CampaignRule | null;
}

/** Leads, sales and revenue of the scans of one folder's codes (folderId null: the codes in no folder). */
export interface FolderConversions extends ConversionTotals {
  folderId: string | null;
  /** The folder's name; null for the codes in no folder. */
  name: string | null;
}

/**
 * The European Economic Area (the EU, Iceland, Liechtenstein, Norway): with the workspace's EU
 * privacy mode on, its visitors from here are stored with their country only (no region, no city).
 */
export const EEA_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
] as const;

/** A workspace's analytics settings. */
export interface AnalyticsSettingsView {
  /** Visitors from the EEA are stored with their country only: no region or city is derived from their address. */
  euPrivacy: boolean;
}

/** One scan as the live feed shows it, moments after it was stored. */
export interface LiveScan {
  scanId: string;
  at: string;
  country: string | null;
  city: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  variant: string | null;
  bot: boolean;
}

/** Human scans of the last 30 minutes, minute by minute (oldest first), for the live chart. */
export interface RecentMinutes {
  minutes: { at: string; scans: number }[];
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
  /** Leads, sales and revenue of the range's scans per folder (the codes' folders now), most sales first; only folders with some. */
  conversionsByFolder?: FolderConversions[];
  /** With compare=previous. */
  previous?: PreviousPeriod;
}
