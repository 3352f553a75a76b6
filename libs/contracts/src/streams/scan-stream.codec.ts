/**
 * The scan stream between the redirect-service (which appends one entry a scan) and the qr-service
 * (which enriches and stores them): the entry's shape and its compact encoding.
 */

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
  /** 'click': the visit came through the shareable link (/l/{slug}), not the printed code's image; absent: a scan. */
  source?: 'click';
  /** The routing rule that sent the scan (its 1-based position in the rules in force), absent when none did. */
  rule?: number;
}

/** The stream entry's one field: the scan packed as a JSON array (one argument per scan keeps XADD cheap). */
export const SCAN_FIELD = 's';
/** 2: with the scan's own id. 1 (before scan ids): the id is derived from the stream entry id. */
const SCAN_VERSION = 2;
/** Highest rule position kept (qr.scans.rule is a smallint; campaigns hold far fewer rules). */
const MAX_RULE = 32767;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value of SCAN_FIELD for a scan. */
export function encodeScanEntry(entry: ScanStreamEntry): string {
  const packed: (string | number)[] = [
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
  ];
  // Optional 13th, 14th and 15th values (the variant, 'c' for a click, the rule's position), each
  // written only when it or a later one is set. A reader that does not know a value refuses the
  // entry: deploy the qr-service before the redirect-service. Pushed, not spread: three spread
  // arrays for each scan were garbage for the collector on the redirect's hot path.
  const click = entry.source === 'click';
  if (entry.variant || entry.source || entry.rule) packed.push(entry.variant ?? '');
  if (click || entry.rule) packed.push(click ? 'c' : '');
  if (entry.rule) packed.push(entry.rule);
  return JSON.stringify(packed);
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
  if (packed[0] === SCAN_VERSION && packed.length >= 12 && packed.length <= 15) values = packed.slice(1);
  else if (packed[0] === 1 && packed.length === 11) values = [legacyId(), ...packed.slice(1)];
  else return null;
  const [id, codeId, slug, ts, ip, userAgent, referer, acceptLanguage, country, method, purpose, variant, source, rule] = values;
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
    ...(source === 'c' ? { source: 'click' as const } : {}),
    // A smallint in qr.scans: anything else is dropped rather than refusing the scan.
    ...(typeof rule === 'number' && Number.isInteger(rule) && rule >= 1 && rule <= MAX_RULE ? { rule } : {}),
  };
}
