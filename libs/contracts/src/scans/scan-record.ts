/**
 * The stored scan: one row of qr.scans as the qr-service writes it and as the CSV, NDJSON, data
 * export and scan.created webhook read it. Places needing fewer fields derive with Pick/Omit.
 */

/** Why a scan counts as a bot's: a crawler's user agent, a HEAD request, or a prefetch. */
export type BotReason = 'user-agent' | 'head' | 'prefetch';

/** A scan as stored: what a person would want to know, and no IP address. */
export interface ScanRecord {
  /** The id the redirect-service gave the scan: its unique key. */
  scanId: string;
  codeId: string;
  scannedAt: Date;
  isBot: boolean;
  botReason: BotReason | null;
  method: 'GET' | 'HEAD';
  device: string | null;
  os: string | null;
  browser: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  referrer: string | null;
  language: string | null;
  visitorHash: string;
  /** The A/B variant the scan was sent to, or null. */
  variant?: string | null;
  /** The routing rule that sent the scan (its 1-based position in the rules then in force), or null. */
  rule?: number | null;
  /** How the visit came: the printed code ('scan') or its shareable link ('click'); absent on scans stored before links were told apart. */
  source?: 'scan' | 'click';
}

/** A scan in the owner's CSV and NDJSON exports: no scan or code id. */
export type ScanExportRecord = Omit<ScanRecord, 'scanId' | 'codeId'>;

/** The CSV export's columns (and the NDJSON export's keys), in order, with the field each reads. */
export const SCAN_EXPORT_COLUMNS = [
  ['scanned_at', 'scannedAt'],
  ['is_bot', 'isBot'],
  ['bot_reason', 'botReason'],
  ['method', 'method'],
  ['device', 'device'],
  ['os', 'os'],
  ['browser', 'browser'],
  ['country', 'country'],
  ['region', 'region'],
  ['city', 'city'],
  ['referrer', 'referrer'],
  ['language', 'language'],
  ['visitor', 'visitorHash'],
  ['source', 'source'],
] as const satisfies readonly (readonly [string, keyof ScanExportRecord])[];

/** A scan in the account data export: every field, with the code's slug and the variant always set. */
export type ScanArchiveRecord = Omit<ScanRecord, 'variant'> & { slug: string; variant: string | null };

/** The account data export's scans.csv columns, in order. */
export const SCAN_ARCHIVE_COLUMNS: readonly (keyof ScanArchiveRecord)[] = [
  'scanId',
  'codeId',
  'slug',
  'scannedAt',
  'isBot',
  'botReason',
  'method',
  'device',
  'os',
  'browser',
  'country',
  'region',
  'city',
  'referrer',
  'language',
  'variant',
  'visitorHash',
  'source',
];

/** A scan in a scan.created webhook payload: no IP address, visitor hash, method or bot reason. */
export type ScanWebhookRecord = Pick<
  ScanRecord,
  'codeId' | 'isBot' | 'device' | 'os' | 'browser' | 'country' | 'region' | 'city' | 'referrer' | 'language'
> & { id: string; scannedAt: string; variant: string | null; source: 'scan' | 'click' };

/** A stored scan as a scan.created webhook sends it (keys in this order). */
export function scanWebhookRecord(s: ScanRecord): ScanWebhookRecord {
  return {
    id: s.scanId,
    codeId: s.codeId,
    scannedAt: s.scannedAt.toISOString(),
    isBot: s.isBot,
    device: s.device,
    os: s.os,
    browser: s.browser,
    country: s.country,
    region: s.region,
    city: s.city,
    referrer: s.referrer,
    language: s.language,
    variant: s.variant ?? null,
    source: s.source ?? 'scan',
  };
}
