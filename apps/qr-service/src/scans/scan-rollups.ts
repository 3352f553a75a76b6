import type { EnrichedScan } from './scan-enricher';

/** The whole site's scope in the rollup tables (admin figures). */
export const SITE_SCOPE = '00000000-0000-0000-0000-000000000000';

export const QUARTER_HOUR_MS = 15 * 60 * 1000;
export const HOUR_MS = 3600 * 1000;
export const DAY_MS = 24 * 3600 * 1000;

/**
 * Every time zone in use is a whole number of quarter hours from UTC, and so are its daylight
 * saving changes: a local hour or day is always a whole number of 15-minute UTC buckets.
 */
export function quarterHourOf(ms: number): number {
  return Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
}

export function utcDayOf(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function utcMonthOf(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The dimensions counted per bucket; each scan adds one to its key in each (bots excluded). */
export const DIMENSIONS = ['countries', 'regions', 'cities', 'devices', 'os', 'browsers', 'referrers', 'languages', 'sources'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The scan's key in a dimension ('' when unknown); null when it is not counted there (no city). */
export function dimensionKey(
  scan: Pick<EnrichedScan, 'country' | 'region' | 'city' | 'device' | 'os' | 'browser' | 'referrer' | 'language' | 'source'>,
  dim: Dimension,
): string | null {
  switch (dim) {
    case 'countries':
      return scan.country ?? '';
    case 'regions':
      return scan.region ?? '';
    case 'cities':
      return scan.city ? `${scan.country ?? ''}|${scan.city}` : null;
    case 'devices':
      return scan.device ?? '';
    case 'os':
      return scan.os ?? '';
    case 'browsers':
      return scan.browser ?? '';
    case 'referrers':
      return scan.referrer ?? '';
    case 'languages':
      return scan.language ?? '';
    // The printed code ('scan') or its shareable link ('click').
    case 'sources':
      return scan.source ?? 'scan';
  }
}

/** A stored scan with its owner, as the ingestor rolls it up. */
export type OwnedScan = EnrichedScan & { ownerId: string };

/**
 * A change of a scope's unique scanners: +1 where a visitor's first scan of the day is, -1 where
 * an earlier-arriving later scan had been counted as the first (scans can arrive out of order).
 * For an owner scope, `codeId` is the code that first scan was of.
 */
export interface UniqueDelta {
  scope: 'code' | 'owner';
  scopeId: string;
  codeId: string;
  bucket: number;
  delta: 1 | -1;
}

export interface BucketRow {
  scopeId: string;
  bucket: number;
  scans: number;
  botScans: number;
  uniques: number;
  ownerUniques: number;
}

/** Scans per key of each dimension. */
export type DimCounts = Partial<Record<Dimension, Record<string, number>>>;

/** Adds `b` into `a` (changing `a`, which is returned); keys whose total becomes 0 are removed. */
export function addCountsInto(a: DimCounts, b: DimCounts): DimCounts {
  for (const dim of DIMENSIONS) {
    const right = b[dim];
    if (!right) continue;
    const sum = (a[dim] ??= {});
    let removed = false;
    for (const key in right) {
      const total = (sum[key] ?? 0) + right[key];
      if (total === 0) {
        delete sum[key];
        removed = true;
      } else {
        sum[key] = total;
      }
    }
    // Only a removal can empty a dimension (looking is costly on large documents).
    if (removed && Object.keys(sum).length === 0) delete a[dim];
  }
  return a;
}

export interface DimRow {
  scopeId: string;
  /** Quarter hour, UTC day or UTC month. */
  level: 'q' | 'd' | 'm';
  bucket: number;
  counts: DimCounts;
}

export interface StatRow {
  codeId: string;
  ownerId: string;
  scans: number;
  botScans: number;
  lastScanAt: number | null;
}

/** A code's human scans in one UTC hour, for the owner's Recent Activity (qr.scan_activity). */
export interface ActivityRow {
  codeId: string;
  ownerId: string;
  hour: number;
  scans: number;
  lastScanAt: number;
}

export interface BatchRollup {
  buckets: BucketRow[];
  /** The same counts per UTC hour (`bucket` is the hour's start). */
  hours: BucketRow[];
  dims: DimRow[];
  stats: StatRow[];
  activity: ActivityRow[];
}

/** One code's scans of one quarter hour in a batch. */
export interface QuarterGroup {
  codeId: string;
  ownerId: string;
  bucket: number;
  scans: number;
  botScans: number;
  lastScanAt: number | null;
  tally: Tally;
}

/**
 * Counts while scanning: Maps (an object keyed by arbitrary strings interns every key on each
 * access), and cities per country (no key built per scan). Turned into DimCounts once per group.
 */
interface Tally {
  countries: Map<string, number>;
  regions: Map<string, number>;
  cities: Map<string, Map<string, number>>;
  devices: Map<string, number>;
  os: Map<string, number>;
  browsers: Map<string, number>;
  referrers: Map<string, number>;
  languages: Map<string, number>;
  sources: Map<string, number>;
}

const newTally = (): Tally => ({
  countries: new Map(),
  regions: new Map(),
  cities: new Map(),
  devices: new Map(),
  os: new Map(),
  browsers: new Map(),
  referrers: new Map(),
  languages: new Map(),
  sources: new Map(),
});

function tallyKey(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The same keys dimensionKey() gives, with their counts; a dimension no scan had is left out. */
function countsOf(tally: Tally): DimCounts {
  const counts: DimCounts = {};
  const put = (dim: Dimension, map: Map<string, number>) => {
    if (map.size > 0) counts[dim] = Object.fromEntries(map);
  };
  put('countries', tally.countries);
  put('regions', tally.regions);
  if (tally.cities.size > 0) {
    const cities: Record<string, number> = {};
    for (const [country, names] of tally.cities) for (const [city, n] of names) cities[`${country}|${city}`] = n;
    counts.cities = cities;
  }
  put('devices', tally.devices);
  put('os', tally.os);
  put('browsers', tally.browsers);
  put('referrers', tally.referrers);
  put('languages', tally.languages);
  put('sources', tally.sources);
  return counts;
}

/**
 * What a batch of newly stored scans adds to the rollups, summed per row so each row is written
 * once per batch, and sorted by key so two ingestors lock rows in the same order. Scans are first
 * grouped per code and quarter hour (no key built per scan); every other row is a sum of groups.
 */
export function rollUp(scans: OwnedScan[], uniques: UniqueDelta[]): BatchRollup {
  return finishRollUp(tallyScans(scans), uniques);
}

/** A batch's scans counted per code and quarter hour: the costly half of rollUp, which needs nothing from the database but the owners. */
export type ScanTally = Map<string, Map<number, QuarterGroup>>;

export function tallyScans(scans: OwnedScan[]): ScanTally {
  const groups: ScanTally = new Map();
  let group: QuarterGroup | undefined;
  for (const scan of scans) {
    const at = scan.scannedAt.getTime();
    const quarter = quarterHourOf(at);
    if (!group || group.codeId !== scan.codeId || group.bucket !== quarter) {
      let code = groups.get(scan.codeId);
      if (!code) groups.set(scan.codeId, (code = new Map()));
      group = code.get(quarter);
      if (!group) {
        group = { codeId: scan.codeId, ownerId: scan.ownerId, bucket: quarter, scans: 0, botScans: 0, lastScanAt: null, tally: newTally() };
        code.set(quarter, group);
      }
    }
    if (scan.isBot) {
      group.botScans += 1;
      continue;
    }
    group.scans += 1;
    if (group.lastScanAt === null || at > group.lastScanAt) group.lastScanAt = at;
    const tally = group.tally;
    const country = scan.country ?? '';
    tallyKey(tally.countries, country);
    tallyKey(tally.regions, scan.region ?? '');
    if (scan.city) {
      let cities = tally.cities.get(country);
      if (!cities) tally.cities.set(country, (cities = new Map()));
      tallyKey(cities, scan.city);
    }
    tallyKey(tally.devices, scan.device ?? '');
    tallyKey(tally.os, scan.os ?? '');
    tallyKey(tally.browsers, scan.browser ?? '');
    tallyKey(tally.referrers, scan.referrer ?? '');
    tallyKey(tally.languages, scan.language ?? '');
    tallyKey(tally.sources, scan.source ?? 'scan');
  }

  return groups;
}

/** The batch's rows from its tally and its changes of unique scanners. */
export function finishRollUp(groups: ScanTally, uniques: UniqueDelta[]): BatchRollup {
  const buckets = new Map<string, BucketRow>();
  const bucket = (scopeId: string, at: number): BucketRow => {
    const key = `${scopeId}|${at}`;
    let row = buckets.get(key);
    if (!row) {
      row = { scopeId, bucket: at, scans: 0, botScans: 0, uniques: 0, ownerUniques: 0 };
      buckets.set(key, row);
    }
    return row;
  };
  const stats = new Map<string, StatRow>();
  const quarters: QuarterGroup[] = [];
  for (const code of groups.values()) {
    for (const quarter of code.values()) {
      for (const scopeId of [quarter.codeId, quarter.ownerId, SITE_SCOPE]) {
        const row = bucket(scopeId, quarter.bucket);
        row.scans += quarter.scans;
        row.botScans += quarter.botScans;
      }
      let stat = stats.get(quarter.codeId);
      if (!stat) {
        stat = { codeId: quarter.codeId, ownerId: quarter.ownerId, scans: 0, botScans: 0, lastScanAt: null };
        stats.set(quarter.codeId, stat);
      }
      stat.scans += quarter.scans;
      stat.botScans += quarter.botScans;
      if (quarter.lastScanAt !== null) stat.lastScanAt = Math.max(stat.lastScanAt ?? 0, quarter.lastScanAt);
      if (quarter.scans > 0) quarters.push(quarter);
    }
  }
  const activity = new Map<string, ActivityRow>();
  for (const quarter of quarters) {
    const hour = Math.floor(quarter.bucket / HOUR_MS) * HOUR_MS;
    const key = `${quarter.codeId}|${String(hour).padStart(15, '0')}`;
    const row = activity.get(key);
    const last = quarter.lastScanAt ?? quarter.bucket;
    if (!row) activity.set(key, { codeId: quarter.codeId, ownerId: quarter.ownerId, hour, scans: quarter.scans, lastScanAt: last });
    else {
      row.scans += quarter.scans;
      row.lastScanAt = Math.max(row.lastScanAt, last);
    }
  }
  const dims = new Map<string, DimRow>();
  // Quarter hours only: the folder adds them into the days and months too (foldLevels).
  for (const quarter of quarters) {
    const counts = countsOf(quarter.tally);
    // The code's own quarter hour is complete as counted: no copy needed.
    dims.set(`${quarter.codeId}|q|${quarter.bucket}`, { scopeId: quarter.codeId, level: 'q', bucket: quarter.bucket, counts });
    addDimCounts(dims, quarter.ownerId, 'q', quarter.bucket, counts, false);
  }
  for (const change of uniques) {
    bucket(change.scopeId, change.bucket).uniques += change.delta;
    if (change.scope === 'owner') bucket(change.codeId, change.bucket).ownerUniques += change.delta;
  }

  const hours = new Map<string, BucketRow>();
  for (const row of buckets.values()) {
    const hour = Math.floor(row.bucket / HOUR_MS) * HOUR_MS;
    const key = `${row.scopeId}|${hour}`;
    const sum = hours.get(key);
    if (!sum) {
      hours.set(key, { ...row, bucket: hour });
      continue;
    }
    sum.scans += row.scans;
    sum.botScans += row.botScans;
    sum.uniques += row.uniques;
    sum.ownerUniques += row.ownerUniques;
  }

  const byKey = <T>(key: (row: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  const bucketOrder = byKey((r: BucketRow) => `${r.scopeId}|${String(r.bucket).padStart(15, '0')}`);
  return {
    buckets: [...buckets.values()].sort(bucketOrder),
    hours: [...hours.values()].sort(bucketOrder),
    dims: [...dims.values()].sort(byKey((r) => `${r.scopeId}|${r.level}|${String(r.bucket).padStart(15, '0')}`)),
    stats: [...stats.values()].sort(byKey((r) => r.codeId)),
    activity: [...activity.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row),
  };
}

/**
 * Pending additions (quarter hours) summed into every document they change: their quarter hour,
 * UTC day and UTC month. An addition of another level (written before additions were quarter
 * hours only) is left out: the quarter hours written with it hold the same counts.
 */
export function foldLevels(additions: { scopeId: string; level: DimRow['level']; bucket: number; counts: DimCounts }[]): DimRow[] {
  const sums = new Map<string, DimRow>();
  for (const { scopeId, level, bucket, counts } of additions) {
    if (level !== 'q') continue;
    addDimCounts(sums, scopeId, 'd', utcDayOf(bucket), counts, false);
    addDimCounts(sums, scopeId, 'm', utcMonthOf(bucket), counts, false);
    // Last: the parsed addition itself becomes the quarter hour's sum when it is the first.
    addDimCounts(sums, scopeId, 'q', bucket, counts, true);
  }
  return [...sums.values()];
}

/** Adds counts into the row of a scope, level and bucket; `owned` counts may become that row's own (else copied). */
function addDimCounts(rows: Map<string, DimRow>, scopeId: string, level: DimRow['level'], bucket: number, counts: DimCounts, owned: boolean): void {
  const id = `${scopeId}|${level}|${bucket}`;
  const row = rows.get(id);
  if (row) addCountsInto(row.counts, counts);
  else rows.set(id, { scopeId, level, bucket, counts: owned ? counts : addCountsInto({}, counts) });
}
