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
  return `scans_${month.replace('-', '_')}`;
}

/** The statement creating the month's partition of qr.scans (idempotent). */
export function createPartitionSql(month: Month): string {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`not a month: ${month}`);
  return `CREATE TABLE IF NOT EXISTS qr.${partitionName(month)} PARTITION OF qr.scans
          FOR VALUES FROM ('${month}-01 00:00:00+00') TO ('${addMonths(month, 1)}-01 00:00:00+00')`;
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
  for (const month of missing) await tx.query(createPartitionSql(month));
}

/** Months that have a partition. */
export async function partitionMonths(tx: EntityManager): Promise<Set<Month>> {
  const rows: { name: string }[] = await tx.query(
    `SELECT c.relname AS name FROM pg_inherits i
     JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     JOIN pg_namespace n ON n.oid = p.relnamespace
     WHERE n.nspname = 'qr' AND p.relname = 'scans'`,
  );
  const months = new Set<Month>();
  for (const { name } of rows) {
    const match = /^scans_(\d{4})_(\d{2})$/.exec(name);
    if (match) months.add(`${match[1]}-${match[2]}`);
  }
  return months;
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
