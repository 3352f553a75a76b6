/** A visitor's first scan of a day (or an hour: see hourlyVisitorHash) in one scope (a code or its owner), as the ingestor counts uniques. */
export interface VisitorKey {
  scope: 'code' | 'owner';
  scopeId: string;
  /** The UTC day, 'YYYY-MM-DD'. */
  day: string;
  /** The visitor's hash; of a code counting per hour, with the hour after it. */
  hash: string;
  /** The earliest scan of the batch for this visitor, scope and day. */
  at: number;
  codeId: string;
}

/**
 * Visitor rows a process remembers, at most. They are kept in two generations of half as many:
 * when the newer one is full it becomes the older one and the older one is forgotten, so the
 * visitors seen lately stay known (forgetting them all at once sent them all to PostgreSQL again).
 */
const DEFAULT_LIMIT = 300_000;

type Generation = Map<string, Map<string, number>>;

/**
 * The visitor rows (day, scope, visitor) this process has seen stored, each with a time no earlier
 * than the row's first scan. A scan of a remembered visitor no earlier than that time changes
 * nothing, so its key need not go to PostgreSQL: most scans of a day are of visitors already
 * counted (the same person, a regular's phone), and those keys were most of the ingest's database
 * work.
 *
 * Rows only ever move to an earlier first scan, except when a code or an account is deleted: that
 * takes its visitors out and bumps the removal epoch (rollup-removal.ts). A batch reads the epoch
 * after taking the visitors' shared lock; a changed epoch empties the memo, and what a batch read
 * under an older epoch is not remembered.
 */
export class KnownVisitors {
  private epoch: string | null = null;
  /** Per day and scope, then per visitor hash: the upper bound of the stored first scan. */
  private young: Generation = new Map();
  private old: Generation = new Map();
  private youngSize = 0;

  constructor(private readonly limit = DEFAULT_LIMIT) {}

  /** The keys that could change a stored row: the ones not remembered, or earlier than remembered. */
  unknown(keys: VisitorKey[], epoch: string): VisitorKey[] {
    if (epoch !== this.epoch) {
      this.clear();
      this.epoch = epoch;
      return keys;
    }
    if (this.youngSize === 0 && this.old.size === 0) return keys;
    const left: VisitorKey[] = [];
    const lately: VisitorKey[] = [];
    let last: VisitorKey | undefined;
    let young: Map<string, number> | undefined;
    let old: Map<string, number> | undefined;
    for (const key of keys) {
      // Keys come grouped by day and scope: one look-up per group.
      if (last === undefined || key.scopeId !== last.scopeId || key.day !== last.day) {
        last = key;
        const id = key.day + key.scopeId;
        young = this.young.get(id);
        old = this.old.get(id);
      }
      let at = young?.get(key.hash);
      if (at === undefined) {
        at = old?.get(key.hash);
        // Seen again: it moves to the newer generation.
        if (at !== undefined && key.at >= at) lately.push({ ...key, at });
      }
      if (at === undefined || key.at < at) left.push(key);
    }
    this.remember(lately, epoch);
    return left;
  }

  /** Keys whose rows a committed batch stored or found (read under `epoch`). */
  remember(keys: VisitorKey[], epoch: string): void {
    if (epoch !== this.epoch) return;
    let last: VisitorKey | undefined;
    let visitors: Map<string, number> | undefined;
    for (const key of keys) {
      if (this.youngSize >= this.limit / 2) {
        this.old = this.young;
        this.young = new Map();
        this.youngSize = 0;
        last = undefined;
      }
      if (last === undefined || key.scopeId !== last.scopeId || key.day !== last.day) {
        last = key;
        const id = key.day + key.scopeId;
        visitors = this.young.get(id);
        if (!visitors) this.young.set(id, (visitors = new Map()));
      }
      const at = (visitors as Map<string, number>).get(key.hash);
      if (at === undefined) {
        (visitors as Map<string, number>).set(key.hash, key.at);
        this.youngSize += 1;
      } else if (key.at < at) {
        (visitors as Map<string, number>).set(key.hash, key.at);
      }
    }
  }

  private clear(): void {
    this.young = new Map();
    this.old = new Map();
    this.youngSize = 0;
  }
}
