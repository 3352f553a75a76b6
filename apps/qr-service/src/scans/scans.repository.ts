import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { EnrichedScan } from './scan-enricher';
import { ensurePartitions, Month, monthOf } from './scan-partitions';
import { FOLD_LOCK } from './rollup-removal';
import { addCountsInto, BatchRollup, DimCounts, DimRow, OwnedScan, quarterHourOf, rollUp, UniqueDelta, utcDayOf } from './scan-rollups';

/** Additions folded at once into the dimension documents. */
const FOLD_LIMIT = 20_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (ms: number) => new Date(ms).toISOString();
const dayText = (ms: number) => iso(utcDayOf(ms)).slice(0, 10);

interface VisitorKey {
  scope: 'code' | 'owner';
  scopeId: string;
  day: string;
  hash: string;
  /** The earliest scan of the batch for this visitor, scope and day. */
  at: number;
  codeId: string;
}

/**
 * Writes scans and everything read from them (rollups, unique visitors, all-time counters) in one
 * transaction, so analytics never see a scan half counted and a redelivered batch counts nothing.
 */
@Injectable()
export class ScansRepository {
  /** Months known to have a partition: most batches need no catalog query. */
  private readonly partitions = new Set<Month>();

  constructor(private readonly db: DataSource) {}

  /**
   * Stores a batch; scans already stored (a redelivery, a re-sent buffer) and scans of unknown or
   * deleted codes are skipped, and only the scans really inserted are rolled up. Returns how many
   * scans were new.
   */
  async insertBatch(scans: EnrichedScan[]): Promise<number> {
    const unique = new Map<string, EnrichedScan>();
    for (const scan of scans) if (UUID.test(scan.codeId) && UUID.test(scan.scanId)) unique.set(scan.scanId, scan);
    if (unique.size === 0) return 0;
    const batch = [...unique.values()];
    const months = new Set(batch.map((s) => monthOf(s.scannedAt)));
    return this.db.transaction(async (tx) => {
      if ([...months].some((m) => !this.partitions.has(m))) {
        await ensurePartitions(tx, months);
        for (const month of months) this.partitions.add(month);
      }
      const fresh = await this.insertRaw(tx, batch);
      if (fresh.length === 0) return 0;
      await this.queueForWebhooks(tx, fresh);
      const uniques = await this.firstVisits(tx, fresh);
      await this.writeRollup(tx, rollUp(fresh, uniques));
      return fresh.length;
    });
  }

  /**
   * The scans of owners with an enabled endpoint taking scan.created wait, committed with the scans,
   * for the next batch (webhooks/scan-webhooks.ts). No IP address or visitor hash leaves.
   */
  private async queueForWebhooks(tx: EntityManager, scans: OwnedScan[]): Promise<void> {
    await tx.query(
      `INSERT INTO qr.webhook_scan_queue (owner_id, scan)
       SELECT s.owner_id, s.scan FROM unnest($1::uuid[], $2::jsonb[]) AS s(owner_id, scan)
       WHERE EXISTS (SELECT 1 FROM qr.webhook_endpoints e WHERE e.owner_id = s.owner_id AND e.enabled AND 'scan.created' = ANY(e.events))`,
      [
        scans.map((s) => s.ownerId),
        scans.map((s) =>
          JSON.stringify({
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
          }),
        ),
      ],
    );
  }

  /** Months of raw scans were dropped (retention): forget them so a late scan recreates its month. */
  forgetPartitions(): void {
    this.partitions.clear();
  }

  private async insertRaw(tx: EntityManager, batch: EnrichedScan[]): Promise<OwnedScan[]> {
    const column = <T>(pick: (s: EnrichedScan) => T) => batch.map(pick);
    const rows: { scan_id: string; owner_id: string }[] = await tx.query(
      `INSERT INTO qr.scans (scan_id, code_id, owner_id, scanned_at, is_bot, bot_reason, method, device, os, browser,
                             country, region, city, referrer, language, visitor_hash, variant)
       SELECT i.scan_id, i.code_id, c.owner_id, i.scanned_at, i.is_bot, i.bot_reason, i.method, i.device, i.os, i.browser,
              i.country, i.region, i.city, i.referrer, i.language, i.visitor_hash, i.variant
       FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
              AS i(scan_id, code_id, scanned_at, is_bot, bot_reason, method, device, os, browser, country, region, city,
                   referrer, language, visitor_hash, variant)
       JOIN qr.codes c ON c.id = i.code_id AND c.deleted_at IS NULL
       -- A code being deleted waits for this batch, or this batch skips it (see rollup-removal.ts).
       FOR SHARE OF c
       ON CONFLICT DO NOTHING
       RETURNING scan_id, owner_id`,
      [
        column((s) => s.scanId),
        column((s) => s.codeId),
        column((s) => s.scannedAt.toISOString()),
        column((s) => s.isBot),
        column((s) => s.botReason),
        column((s) => s.method),
        column((s) => s.device),
        column((s) => s.os),
        column((s) => s.browser),
        column((s) => s.country),
        column((s) => s.region),
        column((s) => s.city),
        column((s) => s.referrer),
        column((s) => s.language),
        column((s) => s.visitorHash),
        column((s) => s.variant ?? null),
      ],
    );
    const owners = new Map(rows.map((r) => [r.scan_id, r.owner_id]));
    return batch.filter((s) => owners.has(s.scanId)).map((s) => ({ ...s, ownerId: owners.get(s.scanId) as string }));
  }

  /**
   * Unique scanners: each visitor (day-salted hash) counts once a day per code and per owner, at
   * their first scan of the day. New visitors are inserted; for known ones an earlier scan that
   * arrived late moves the count to its bucket.
   */
  private async firstVisits(tx: EntityManager, scans: OwnedScan[]): Promise<UniqueDelta[]> {
    const keys = new Map<string, VisitorKey>();
    for (const scan of scans) {
      if (scan.isBot) continue;
      const at = scan.scannedAt.getTime();
      const day = dayText(at);
      for (const [scope, scopeId] of [
        ['code', scan.codeId],
        ['owner', scan.ownerId],
      ] as const) {
        const id = `${day}|${scopeId}|${scan.visitorHash}`;
        const known = keys.get(id);
        if (!known || at < known.at) keys.set(id, { scope, scopeId, day, hash: scan.visitorHash, at, codeId: scan.codeId });
      }
    }
    if (keys.size === 0) return [];
    const list = [...keys.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key);
    const inserted: { day: string; scope_id: string; visitor_hash: string }[] = await tx.query(
      `INSERT INTO qr.rollup_visitors (day, scope_id, visitor_hash, first_at, code_id)
       SELECT * FROM unnest($1::date[], $2::uuid[], $3::text[], $4::timestamptz[], $5::uuid[])
       ON CONFLICT DO NOTHING
       RETURNING to_char(day, 'YYYY-MM-DD') AS day, scope_id, visitor_hash`,
      [
        list.map((k) => k.day),
        list.map((k) => k.scopeId),
        list.map((k) => k.hash),
        list.map((k) => iso(k.at)),
        list.map((k) => (k.scope === 'owner' ? k.codeId : null)),
      ],
    );
    const isNew = new Set(inserted.map((r) => `${r.day}|${r.scope_id}|${r.visitor_hash}`));
    const deltas: UniqueDelta[] = [];
    const seen: VisitorKey[] = [];
    for (const key of list) {
      if (isNew.has(`${key.day}|${key.scopeId}|${key.hash}`)) {
        deltas.push({ scope: key.scope, scopeId: key.scopeId, codeId: key.codeId, bucket: quarterHourOf(key.at), delta: 1 });
      } else {
        seen.push(key);
      }
    }
    if (seen.length === 0) return deltas;
    // Known visitors: only an earlier first scan changes anything (rare: scans arriving out of order).
    const moved: { scope_id: string; old_at: Date; old_code: string | null; new_at: Date; new_code: string | null }[] = await tx.query(
      `WITH input AS (
         SELECT * FROM unnest($1::date[], $2::uuid[], $3::text[], $4::timestamptz[], $5::uuid[]) AS i(day, scope_id, visitor_hash, first_at, code_id)
       ), old AS (
         SELECT v.day, v.scope_id, v.visitor_hash, v.first_at AS old_at, v.code_id AS old_code, i.first_at AS new_at, i.code_id AS new_code
         FROM qr.rollup_visitors v JOIN input i USING (day, scope_id, visitor_hash)
         WHERE i.first_at < v.first_at
         ORDER BY v.day, v.scope_id, v.visitor_hash
         FOR UPDATE OF v
       ), upd AS (
         UPDATE qr.rollup_visitors v SET first_at = o.new_at, code_id = o.new_code FROM old o
         WHERE v.day = o.day AND v.scope_id = o.scope_id AND v.visitor_hash = o.visitor_hash
       )
       SELECT scope_id, old_at, old_code, new_at, new_code FROM old`,
      [
        seen.map((k) => k.day),
        seen.map((k) => k.scopeId),
        seen.map((k) => k.hash),
        seen.map((k) => iso(k.at)),
        seen.map((k) => (k.scope === 'owner' ? k.codeId : null)),
      ],
    );
    for (const row of moved) {
      const owner = row.new_code !== null;
      const scope = owner ? 'owner' : 'code';
      deltas.push({ scope, scopeId: row.scope_id, codeId: row.old_code ?? row.scope_id, bucket: quarterHourOf(row.old_at.getTime()), delta: -1 });
      deltas.push({ scope, scopeId: row.scope_id, codeId: row.new_code ?? row.scope_id, bucket: quarterHourOf(row.new_at.getTime()), delta: 1 });
    }
    return deltas;
  }

  private async writeRollup(tx: EntityManager, rollup: BatchRollup): Promise<void> {
    const { buckets, hours, dims, stats } = rollup;
    for (const [table, column, rows] of [
      ['rollup_buckets', 'bucket', buckets],
      ['rollup_hours', 'hour', hours],
    ] as const) {
      await tx.query(
        `INSERT INTO qr.${table} AS b (scope_id, ${column}, scans, bot_scans, uniques, owner_uniques)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::int[])
         ON CONFLICT (scope_id, ${column}) DO UPDATE SET
           scans = b.scans + EXCLUDED.scans, bot_scans = b.bot_scans + EXCLUDED.bot_scans,
           uniques = b.uniques + EXCLUDED.uniques, owner_uniques = b.owner_uniques + EXCLUDED.owner_uniques`,
        [
          rows.map((r) => r.scopeId),
          rows.map((r) => iso(r.bucket)),
          rows.map((r) => r.scans),
          rows.map((r) => r.botScans),
          rows.map((r) => r.uniques),
          rows.map((r) => r.ownerUniques),
        ],
      );
    }
    if (dims.length > 0) await this.addDimDeltas(tx, dims);
    await tx.query(
      `INSERT INTO qr.code_stats AS cs (code_id, owner_id, scans, bot_scans, last_scan_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::bigint[], $5::timestamptz[])
       ON CONFLICT (code_id) DO UPDATE SET
         scans = cs.scans + EXCLUDED.scans,
         bot_scans = cs.bot_scans + EXCLUDED.bot_scans,
         last_scan_at = GREATEST(cs.last_scan_at, EXCLUDED.last_scan_at)`,
      [
        stats.map((r) => r.codeId),
        stats.map((r) => r.ownerId),
        stats.map((r) => r.scans),
        stats.map((r) => r.botScans),
        stats.map((r) => (r.lastScanAt === null ? null : iso(r.lastScanAt))),
      ],
    );
  }

  /**
   * The batch's dimension counts, as additions to fold later: inserting small rows costs far less
   * than reading, merging and rewriting the large per-day and per-month documents in every batch,
   * and takes no lock another ingestor could wait on.
   */
  private async addDimDeltas(tx: EntityManager, dims: DimRow[]): Promise<void> {
    await tx.query(
      `INSERT INTO qr.rollup_dim_deltas (scope_id, level, bucket, counts)
       SELECT * FROM unnest($1::uuid[], $2::"char"[], $3::timestamptz[], $4::jsonb[])`,
      [dims.map((r) => r.scopeId), dims.map((r) => r.level), dims.map((r) => iso(r.bucket)), dims.map((r) => JSON.stringify(r.counts))],
    );
  }

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
      const sums = new Map<string, DimRow>();
      for (const delta of deltas) {
        const id = `${delta.scope_id}|${delta.level}|${delta.at}`;
        const row = sums.get(id);
        if (row) addCountsInto(row.counts, delta.counts);
        else sums.set(id, { scopeId: delta.scope_id, level: delta.level, bucket: Number(delta.at), counts: delta.counts });
      }
      const key = (r: DimRow) => `${r.scopeId}|${r.level}|${String(r.bucket).padStart(15, '0')}`;
      await this.mergeIntoDocuments(tx, [...sums.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
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
    const columns = (rows: DimRow[]) => [
      rows.map((r) => r.scopeId),
      rows.map((r) => r.level),
      rows.map((r) => iso(r.bucket)),
      rows.map((r) => JSON.stringify(r.counts)),
    ];
    if (merged.length > 0) {
      await tx.query(
        `UPDATE qr.rollup_dims d SET counts = k.counts
         FROM unnest($1::uuid[], $2::"char"[], $3::timestamptz[], $4::jsonb[]) AS k(scope_id, level, bucket, counts)
         WHERE d.scope_id = k.scope_id AND d.level = k.level AND d.bucket = k.bucket`,
        columns(merged),
      );
    }
    if (emptied.length > 0) {
      await tx.query(
        `DELETE FROM qr.rollup_dims d USING unnest($1::uuid[], $2::"char"[], $3::timestamptz[]) AS k(scope_id, level, bucket)
         WHERE d.scope_id = k.scope_id AND d.level = k.level AND d.bucket = k.bucket`,
        columns(emptied).slice(0, 3),
      );
    }
    if (fresh.length > 0) {
      await tx.query(
        `INSERT INTO qr.rollup_dims AS d (scope_id, level, bucket, counts)
         SELECT * FROM unnest($1::uuid[], $2::"char"[], $3::timestamptz[], $4::jsonb[])
         ON CONFLICT (scope_id, level, bucket) DO UPDATE SET counts = qr.add_counts(d.counts, EXCLUDED.counts)`,
        columns(fresh),
      );
    }
  }

  /** Visitors of days that can no longer receive scans (the day's salt is gone). */
  async forgetVisitorsBefore(day: string): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(`DELETE FROM qr.rollup_visitors WHERE day < $1`, [day]);
    return count;
  }
}
