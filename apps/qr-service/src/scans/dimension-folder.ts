import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { FOLD_LOCK } from './rollup-removal';
import { addCountsInto, DimCounts, DimRow, foldLevels } from './scan-rollups';

/** Additions folded at once into the dimension documents. */
const FOLD_LIMIT = 20_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Folds the dimension counts' pending additions (written by every ingested batch) into the
 * dimension documents the analytics read, one folder at a time across replicas.
 */
@Injectable()
export class DimensionFolder {
  constructor(private readonly db: DataSource) {}

  /**
   * Folds up to `limit` pending additions into the dimension documents, oldest first, in one
   * transaction (readers see them either as additions or in the documents, never both or
   * neither). One folder at a time: answers null when another one holds the lock, else how many
   * additions were folded.
   */
  async foldDimDeltas(limit = FOLD_LIMIT): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [{ locked }]: { locked: boolean }[] = await tx.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [FOLD_LOCK]);
      if (!locked) return null;
      const [deltas]: [{ scope_id: string; level: DimRow['level']; at: string; counts: DimCounts }[], number] = await tx.query(
        `DELETE FROM qr.rollup_dim_deltas WHERE id IN (SELECT id FROM qr.rollup_dim_deltas ORDER BY id LIMIT $1)
         RETURNING scope_id, level, (extract(epoch FROM bucket) * 1000)::bigint::text AS at, counts`,
        [limit],
      );
      if (deltas.length === 0) return 0;
      const sums = foldLevels(deltas.map((d) => ({ scopeId: d.scope_id, level: d.level, bucket: Number(d.at), counts: d.counts })));
      const key = (r: DimRow) => `${r.scopeId}|${r.level}|${String(r.bucket).padStart(15, '0')}`;
      await this.mergeIntoDocuments(tx, sums.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
      return deltas.length;
    });
  }

  /** Folds every pending addition (waits for a folder at work elsewhere to finish). */
  async foldAllDimDeltas(): Promise<void> {
    for (;;) {
      const folded = await this.foldDimDeltas();
      if (folded === 0) return;
      if (folded === null) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Adds summed counts to the dimension documents: existing ones are locked, merged here and
   * written back (merging large documents in SQL costs far more), new ones inserted; a document
   * left with no count (a deleted code's scans taken back) is removed.
   */
  private async mergeIntoDocuments(tx: EntityManager, dims: DimRow[]): Promise<void> {
    const existing: { scope_id: string; level: string; at: string; counts: DimCounts }[] = await tx.query(
      `SELECT d.scope_id, d.level, (extract(epoch FROM d.bucket) * 1000)::bigint::text AS at, d.counts
       FROM qr.rollup_dims d JOIN unnest($1::uuid[], $2::"char"[], $3::timestamptz[]) AS k(scope_id, level, bucket)
         ON d.scope_id = k.scope_id AND d.level = k.level AND d.bucket = k.bucket
       ORDER BY d.scope_id, d.level, d.bucket
       FOR UPDATE OF d`,
      [dims.map((r) => r.scopeId), dims.map((r) => r.level), dims.map((r) => iso(r.bucket))],
    );
    const held = new Map(existing.map((row) => [`${row.scope_id}|${row.level}|${row.at}`, row.counts]));
    const merged: DimRow[] = [];
    const emptied: DimRow[] = [];
    const fresh: DimRow[] = [];
    for (const row of dims) {
      const current = held.get(`${row.scopeId}|${row.level}|${row.bucket}`);
      // `current` was just parsed from the database: merged in place, no copy of a large document.
      const target = current ? merged : fresh;
      const counts = addCountsInto(current ?? {}, row.counts);
      if (Object.keys(counts).length === 0) {
        if (current) emptied.push(row);
      } else {
        target.push({ ...row, counts });
      }
    }
    // Documents travel as one JSON array (as a jsonb[] literal every document would be escaped twice).
    const documents = (rows: DimRow[]) => JSON.stringify(rows.map((r) => [r.scopeId, r.level, iso(r.bucket), r.counts]));
    const keys = `SELECT (e->>0)::uuid AS scope_id, (e->>1)::"char" AS level, (e->>2)::timestamptz AS bucket, e->3 AS counts
                  FROM jsonb_array_elements($1::jsonb) e`;
    if (merged.length > 0) {
      await tx.query(
        `UPDATE qr.rollup_dims d SET counts = k.counts FROM (${keys}) k
         WHERE d.scope_id = k.scope_id AND d.level = k.level AND d.bucket = k.bucket`,
        [documents(merged)],
      );
    }
    if (emptied.length > 0) {
      await tx.query(
        `DELETE FROM qr.rollup_dims d USING unnest($1::uuid[], $2::"char"[], $3::timestamptz[]) AS k(scope_id, level, bucket)
         WHERE d.scope_id = k.scope_id AND d.level = k.level AND d.bucket = k.bucket`,
        [emptied.map((r) => r.scopeId), emptied.map((r) => r.level), emptied.map((r) => iso(r.bucket))],
      );
    }
    if (fresh.length > 0) {
      await tx.query(
        `INSERT INTO qr.rollup_dims AS d (scope_id, level, bucket, counts)
         SELECT scope_id, level, bucket, counts FROM (${keys}) k
         ON CONFLICT (scope_id, level, bucket) DO UPDATE SET counts = qr.add_counts(d.counts, EXCLUDED.counts)`,
        [documents(fresh)],
      );
    }
  }
}
