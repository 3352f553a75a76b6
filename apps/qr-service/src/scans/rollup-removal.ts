import type { EntityManager } from 'typeorm';
import { SITE_SCOPE } from './scan-rollups';

/**
 * A deleted code's scans leave every figure: its own rollups go, and what it added to its owner's
 * and the site's rollups is taken back (the owner's unique scanners by the visits that were the
 * owner's first of their day on this code). Runs in the deletion's transaction; the ingestor
 * holds a share lock on the code while it stores, so no scan slips in between.
 */
export async function forgetCodeRollups(tx: EntityManager, codeId: string, ownerId: string): Promise<void> {
  await tx.query(
    `UPDATE qr.rollup_buckets b SET scans = b.scans - c.scans, bot_scans = b.bot_scans - c.bot_scans, uniques = b.uniques - c.owner_uniques
     FROM qr.rollup_buckets c WHERE c.scope_id = $1 AND b.scope_id = $2 AND b.bucket = c.bucket`,
    [codeId, ownerId],
  );
  await tx.query(
    `UPDATE qr.rollup_buckets b SET scans = b.scans - c.scans, bot_scans = b.bot_scans - c.bot_scans
     FROM qr.rollup_buckets c WHERE c.scope_id = $1 AND b.scope_id = $2 AND b.bucket = c.bucket`,
    [codeId, SITE_SCOPE],
  );
  await tx.query(
    `UPDATE qr.rollup_dims d SET counts = qr.add_counts(d.counts, c.counts, -1)
     FROM qr.rollup_dims c WHERE c.scope_id = $1 AND d.scope_id = $2 AND d.level = c.level AND d.bucket = c.bucket`,
    [codeId, ownerId],
  );
  await tx.query(`DELETE FROM qr.rollup_dims WHERE scope_id = $1 AND counts = '{}'::jsonb`, [ownerId]);
  await tx.query(`DELETE FROM qr.rollup_dims WHERE scope_id = $1`, [codeId]);
  await tx.query(`DELETE FROM qr.rollup_buckets WHERE scope_id = $1`, [codeId]);
  await tx.query(`DELETE FROM qr.rollup_visitors WHERE scope_id = $1 OR (scope_id = $2 AND code_id = $1)`, [codeId, ownerId]);
}

/** An account deleted: the rollups of its codes and of the owner go, and the site's figures lose them. */
export async function forgetOwnerRollups(tx: EntityManager, ownerId: string): Promise<void> {
  await tx.query(
    `UPDATE qr.rollup_buckets b SET scans = b.scans - o.scans, bot_scans = b.bot_scans - o.bot_scans
     FROM qr.rollup_buckets o WHERE o.scope_id = $1 AND b.scope_id = $2 AND b.bucket = o.bucket`,
    [ownerId, SITE_SCOPE],
  );
  const scopes = `SELECT $1::uuid UNION ALL SELECT id FROM qr.codes WHERE owner_id = $1`;
  await tx.query(`DELETE FROM qr.rollup_dims WHERE scope_id IN (${scopes})`, [ownerId]);
  await tx.query(`DELETE FROM qr.rollup_buckets WHERE scope_id IN (${scopes})`, [ownerId]);
  await tx.query(`DELETE FROM qr.rollup_visitors WHERE scope_id IN (${scopes})`, [ownerId]);
}
