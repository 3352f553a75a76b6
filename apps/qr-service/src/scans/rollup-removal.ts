import type { EntityManager } from 'typeorm';
import { SITE_SCOPE } from './scan-rollups';

/** Held by whoever changes qr.rollup_dims from the pending additions (see DimensionFolder.foldDimDeltas). */
export const FOLD_LOCK = 7_310_417_001;

/**
 * Shared by every batch writing visitors, exclusive while visitors are removed: a batch that read
 * the removal epoch under it can trust what its process remembers (known-visitors.ts). Taken
 * after the codes' row locks on both sides, so neither waits for the other holding what it needs.
 */
export const VISITOR_LOCK = 7_310_417_002;

/** Visitors are about to be removed: ingestors forget the ones they remember. */
async function announceVisitorRemoval(tx: EntityManager): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1)`, [VISITOR_LOCK]);
  await tx.query(`UPDATE qr.visitor_removals SET epoch = epoch + 1`);
}

/** The tables of totals per scope and time, and their time column: quarter hours and hours. */
const TOTALS = [
  ['rollup_buckets', 'bucket'],
  ['rollup_hours', 'hour'],
] as const;

/**
 * A deleted code's scans leave every figure: its own rollups go, and what it added to its owner's
 * and the site's rollups is taken back (the owner's unique scanners by the visits that were the
 * owner's first of their day on this code). Runs in the deletion's transaction; the ingestor
 * holds a share lock on the code while it stores, so no scan slips in between.
 */
export async function forgetCodeRollups(tx: EntityManager, codeId: string, ownerId: string): Promise<void> {
  await announceVisitorRemoval(tx);
  // No fold moves the code's additions into documents while they are taken back.
  await tx.query(`SELECT pg_advisory_xact_lock($1)`, [FOLD_LOCK]);
  for (const [table, column] of TOTALS) {
    await tx.query(
      `UPDATE qr.${table} b SET scans = b.scans - c.scans, bot_scans = b.bot_scans - c.bot_scans, uniques = b.uniques - c.owner_uniques
       FROM qr.${table} c WHERE c.scope_id = $1 AND b.scope_id = $2 AND b.${column} = c.${column}`,
      [codeId, ownerId],
    );
    await tx.query(
      `UPDATE qr.${table} b SET scans = b.scans - c.scans, bot_scans = b.bot_scans - c.bot_scans
       FROM qr.${table} c WHERE c.scope_id = $1 AND b.scope_id = $2 AND b.${column} = c.${column}`,
      [codeId, SITE_SCOPE],
    );
  }
  // The owner's dimension counts lose the code's, folded or not, as additions of the opposite sign
  // (quarter hours, like every addition: the folder takes them out of the days and months too).
  await tx.query(
    `INSERT INTO qr.rollup_dim_deltas (scope_id, level, bucket, counts)
     SELECT $2, 'q', bucket, qr.add_counts('{}'::jsonb, counts, -1)
     FROM (SELECT bucket, counts FROM qr.rollup_dims WHERE scope_id = $1 AND level = 'q'
           UNION ALL SELECT bucket, counts FROM qr.rollup_dim_deltas WHERE scope_id = $1 AND level = 'q') c`,
    [codeId, ownerId],
  );
  await tx.query(`DELETE FROM qr.rollup_dim_deltas WHERE scope_id = $1`, [codeId]);
  await tx.query(`DELETE FROM qr.rollup_dims WHERE scope_id = $1`, [codeId]);
  await tx.query(`DELETE FROM qr.rollup_buckets WHERE scope_id = $1`, [codeId]);
  await tx.query(`DELETE FROM qr.rollup_hours WHERE scope_id = $1`, [codeId]);
  await tx.query(`DELETE FROM qr.rollup_visitors WHERE scope_id = $1 OR (scope_id = $2 AND code_id = $1)`, [codeId, ownerId]);
  await tx.query(`DELETE FROM qr.scan_activity WHERE code_id = $1`, [codeId]);
}

/** An account deleted: the rollups of its codes and of the owner go, and the site's figures lose them. */
export async function forgetOwnerRollups(tx: EntityManager, ownerId: string): Promise<void> {
  await announceVisitorRemoval(tx);
  await tx.query(`SELECT pg_advisory_xact_lock($1)`, [FOLD_LOCK]);
  for (const [table, column] of TOTALS) {
    await tx.query(
      `UPDATE qr.${table} b SET scans = b.scans - o.scans, bot_scans = b.bot_scans - o.bot_scans
       FROM qr.${table} o WHERE o.scope_id = $1 AND b.scope_id = $2 AND b.${column} = o.${column}`,
      [ownerId, SITE_SCOPE],
    );
  }
  const scopes = `SELECT $1::uuid UNION ALL SELECT id FROM qr.codes WHERE owner_id = $1`;
  await tx.query(`DELETE FROM qr.rollup_dim_deltas WHERE scope_id IN (${scopes})`, [ownerId]);
  await tx.query(`DELETE FROM qr.rollup_dims WHERE scope_id IN (${scopes})`, [ownerId]);
  await tx.query(`DELETE FROM qr.rollup_buckets WHERE scope_id IN (${scopes})`, [ownerId]);
  await tx.query(`DELETE FROM qr.rollup_hours WHERE scope_id IN (${scopes})`, [ownerId]);
  await tx.query(`DELETE FROM qr.rollup_visitors WHERE scope_id IN (${scopes})`, [ownerId]);
  await tx.query(`DELETE FROM qr.scan_activity WHERE owner_id = $1`, [ownerId]);
}
