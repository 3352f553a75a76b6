import type { EntityManager } from 'typeorm';

/** A calendar month in UTC, 'YYYY-MM'. */
export type Month = string;

export function monthOf(at: Date | number): Month {
  return new Date(at).toISOString().slice(0, 7);
}

export function addMonths(month: Month, n: number): Month {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, m - 1 + n, 1));
  return date.toISOString().slice(0, 7);
}

export function partitionName(month: Month): string {
  return `scan_rows_${month.replace('-', '_')}`;
}

/**
 * The statements creating the month's partition of qr.scan_rows with its unique scan ids
 * (idempotent). The ids are unique per month: a redelivered scan has the same time, so the same
 * month, and the index needs no time beside each id. Ids grow with time (UUIDv7), so new entries
 * land at the index's right end: its pages are filled whole, as nothing is inserted between.
 */
export function createPartitionSql(month: Month): string[] {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`not a month: ${month}`);
  const name = partitionName(month);
  return [
    `CREATE TABLE IF NOT EXISTS qr.${name} PARTITION OF qr.scan_rows
     FOR VALUES FROM ('${month}-01 00:00:00+00') TO ('${addMonths(month, 1)}-01 00:00:00+00')`,
    `CREATE UNIQUE INDEX IF NOT EXISTS ${name}_scan_key ON qr.${name} (scan_id) WITH (fillfactor = 100)`,
  ];
}

/** The months ('YYYY-MM') that have a partition of the table, as a query answering `month`. */
export function partitionMonthsSql(parent: string): string {
  return `SELECT substr(c.relname, length(c.relname) - 6, 4) || '-' || right(c.relname, 2) AS month
          FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
          JOIN pg_namespace n ON n.oid = p.relnamespace
          WHERE n.nspname = 'qr' AND p.relname = '${parent}' AND c.relname ~ '_\\d{4}_\\d{2}$' ORDER BY 1`;
}

/** Serialises partition changes of every replica (creating one that another creates at once fails). */
const PARTITION_LOCK = `SELECT pg_advisory_xact_lock(hashtext('qr-scan-partitions'))`;

/** Creates the months' partitions that do not exist yet, in the caller's transaction. */
export async function ensurePartitions(tx: EntityManager, months: Iterable<Month>): Promise<void> {
  const wanted = [...new Set(months)].sort();
  if (wanted.length === 0) return;
  const existing = await partitionMonths(tx);
  const missing = wanted.filter((m) => !existing.has(m));
  if (missing.length === 0) return;
  await tx.query(PARTITION_LOCK);
  for (const month of missing) for (const sql of createPartitionSql(month)) await tx.query(sql);
}

/** Months that have a partition. */
export async function partitionMonths(tx: EntityManager): Promise<Set<Month>> {
  const rows: { month: Month }[] = await tx.query(partitionMonthsSql('scan_rows'));
  return new Set(rows.map((row) => row.month));
}

/**
 * Drops whole months of raw scans older than the retention (rollups are kept: analytics of those
 * months are unchanged; only the CSV export of raw rows loses them). Answers the months dropped.
 */
export async function dropPartitionsBefore(tx: EntityManager, oldestKept: Month): Promise<Month[]> {
  await tx.query(PARTITION_LOCK);
  const dropped: Month[] = [];
  for (const month of [...(await partitionMonths(tx))].sort()) {
    if (month >= oldestKept) break;
    await tx.query(`DROP TABLE qr.${partitionName(month)}`);
    dropped.push(month);
  }
  return dropped;
}
