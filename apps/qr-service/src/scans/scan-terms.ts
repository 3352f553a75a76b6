import type { DataSource } from 'typeorm';
import { textArray } from './pg-arrays';

/**
 * A raw scan (qr.scan_rows) keeps ids, not text: its agent, place and context are each one row of
 * a dictionary holding every combination seen once, keyed by the JSON array of its values (see the
 * migration CompactScans18008000000000 for the order of each).
 */
export type Dictionary = 'scan_agents' | 'scan_places' | 'scan_contexts';

/** Combinations a process remembers per dictionary; emptied when full, refilled by the next batches. */
const MEMO_SIZE = 200_000;

/** The visitor hash's alphabet (base64url): a raw scan keeps its first 10 characters, 6 bits each, as a bigint. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VISITOR_CHARS = 10;
/** Each character code's value in the alphabet (0 for any other). */
const VALUES = new Uint8Array(128);
for (let n = 0; n < ALPHABET.length; n++) VALUES[ALPHABET.charCodeAt(n)] = n;

/** The SQL expression of a visitor hash's first 10 characters as a bigint (a character outside the alphabet counts 0). */
export function visitorEncodeSql(hash: string): string {
  return Array.from(
    { length: VISITOR_CHARS },
    (_, n) => `(greatest(strpos('${ALPHABET}', substr(${hash}, ${n + 1}, 1)) - 1, 0)::bigint << ${6 * (VISITOR_CHARS - 1 - n)})`,
  ).join(' | ');
}

/** The SQL expression of a stored visitor as its 10 characters. */
export function visitorDecodeSql(visitor: string): string {
  return Array.from({ length: VISITOR_CHARS }, (_, n) => `substr('${ALPHABET}', ((${visitor} >> ${6 * (VISITOR_CHARS - 1 - n)}) & 63)::int + 1, 1)`).join(' || ');
}

/**
 * A visitor hash's first 10 characters as two 30-bit halves (the insert joins them into the
 * bigint: a JavaScript number holds only 53 bits), as visitorEncodeSql reads them.
 */
export function visitorHalves(hash: string): [number, number] {
  let high = 0;
  let low = 0;
  for (let n = 0; n < VISITOR_CHARS; n++) {
    const code = hash.charCodeAt(n);
    const value = code < 128 ? VALUES[code] : 0;
    if (n < VISITOR_CHARS / 2) high = high * 64 + value;
    else low = low * 64 + value;
  }
  return [high, low];
}

/** The ids of dictionary combinations, remembered by this process once known. */
export class ScanTerms {
  private readonly known = new Map<Dictionary, Map<string, number>>();

  constructor(private readonly db: DataSource) {}

  /**
   * Each key's id (keys are JSON arrays as JSON.stringify writes them). Combinations not known yet
   * are added, each in a statement of its own outside the batch's transaction: one that another
   * process adds at the same time is then read, and an id nobody uses in the end costs a small row.
   */
  async idsOf(dictionary: Dictionary, keys: readonly string[]): Promise<number[]> {
    let known = this.known.get(dictionary);
    if (!known) this.known.set(dictionary, (known = new Map()));
    const missing = new Set<string>();
    for (const key of keys) if (!known.has(key)) missing.add(key);
    if (missing.size > 0) {
      if (known.size + missing.size > MEMO_SIZE) known.clear();
      for (const [key, id] of await this.fetch(dictionary, [...missing].sort())) known.set(key, id);
    }
    return keys.map((key) => known.get(key) as number);
  }

  private async fetch(dictionary: Dictionary, keys: string[]): Promise<[string, number][]> {
    const list = textArray(keys);
    // In a stable order, so two processes adding the same combinations wait on each other rather than deadlock.
    await this.db.query(`INSERT INTO qr.${dictionary} (key) SELECT k FROM unnest($1::jsonb[]) k ORDER BY k ON CONFLICT (key) DO NOTHING`, [list]);
    const rows: { n: number; id: number }[] = await this.db.query(
      `SELECT k.n::int AS n, d.id FROM unnest($1::jsonb[]) WITH ORDINALITY k(key, n) JOIN qr.${dictionary} d ON d.key = k.key`,
      [list],
    );
    if (rows.length !== keys.length) throw new Error(`${keys.length - rows.length} ${dictionary} could not be stored`);
    return rows.map(({ n, id }) => [keys[n - 1], id]);
  }
}
