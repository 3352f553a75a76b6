import { Injectable } from '@nestjs/common';
import QueryStream from 'pg-query-stream';
import type { Readable } from 'node:stream';
import { DataSource, EntityManager } from 'typeorm';
import { AnalyticsReads } from '@qrd/database';
import type { DataExportView } from '@qrd/contracts';

interface ExportRow {
  id: string;
  ownerId: string;
  /** The member who asked for it (null once their account is deleted). */
  requestedBy: string | null;
  status: 'queued' | 'running' | 'ready' | 'failed';
  progress: number;
  fileKey: string | null;
  sizeBytes: string | null;
  codes: number | null;
  scans: string | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

export type DataExportRecord = ExportRow;

const COLUMNS = `id, owner_id AS "ownerId", requested_by AS "requestedBy", status, progress, file_key AS "fileKey", size_bytes AS "sizeBytes", codes, scans, error,
  created_at AS "createdAt", finished_at AS "finishedAt", expires_at AS "expiresAt"`;

/** Scans read from the cursor per round trip: memory stays flat whatever the account holds. */
const SCAN_BATCH_ROWS = 1000;

export function toDataExportView(row: ExportRow, now = new Date()): DataExportView {
  const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    codes: row.codes,
    scans: row.scans === null ? null : Number(row.scans),
    error: row.error,
  };
}

/** What a code has been through, as far as the qr schema remembers it (no change log exists). */
/** A lead or sale as the data export lists it. */
export interface ExportConversionRow {
  id: string;
  kind: string;
  codeId: string;
  scanId: string;
  scannedAt: Date;
  variant: string | null;
  /** The routing rule that sent the scan (1-based position), if one did. */
  rule: number | null;
  externalId: string;
  amount: string | null;
  currency: string | null;
  source: string;
  createdAt: Date;
}

export interface ExportCodeRow {
  id: string;
  slug: string;
  /** The custom domain of its link (null: the default host). */
  domainHost: string | null;
  name: string;
  destination: string | null;
  category: string | null;
  design: Record<string, unknown>;
  campaign: unknown;
  state: string;
  deactivatedByOwner: boolean;
  passwordProtected: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  destinationUpdatedAt: Date | null;
  takenDownAt: Date | null;
  takedownReason: string | null;
  deletedAt: Date | null;
  scans: string;
  botScans: string;
  lastScanAt: Date | null;
}

@Injectable()
export class DataExportsRepository {
  constructor(
    private readonly db: DataSource,
    /** The export's large reads (scans, conversions): from the replica when there is one (docs/scaling.md "PostgreSQL"). */
    private readonly reads: AnalyticsReads,
  ) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async building(ownerId: string): Promise<ExportRow | null> {
    const rows: ExportRow[] = await this.db.query(`SELECT ${COLUMNS} FROM qr.data_exports WHERE owner_id = $1 AND status IN ('queued', 'running')`, [ownerId]);
    return rows[0] ?? null;
  }

  /** A new queued export, or null when one is already being built (the unique index decides). */
  async create(ownerId: string, requestedBy: string): Promise<ExportRow | null> {
    const rows: ExportRow[] = await this.db.query(
      `INSERT INTO qr.data_exports (owner_id, requested_by) VALUES ($1, $2) ON CONFLICT (owner_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING ${COLUMNS}`,
      [ownerId, requestedBy],
    );
    return rows[0] ?? null;
  }

  async latest(ownerId: string): Promise<ExportRow | null> {
    const rows: ExportRow[] = await this.db.query(`SELECT ${COLUMNS} FROM qr.data_exports WHERE owner_id = $1 ORDER BY created_at DESC LIMIT 1`, [ownerId]);
    return rows[0] ?? null;
  }

  async find(id: string): Promise<ExportRow | null> {
    const rows: ExportRow[] = await this.db.query(`SELECT ${COLUMNS} FROM qr.data_exports WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Marks the build started (again, on a retry); null when the export is gone (its account was deleted). */
  async start(id: string): Promise<ExportRow | null> {
    // TypeORM answers an UPDATE or DELETE with [rows, affected].
    const [rows]: [ExportRow[], number] = await this.db.query(
      `UPDATE qr.data_exports SET status = 'running', progress = 0, error = NULL WHERE id = $1 AND status IN ('queued', 'running') RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async progress(id: string, progress: number): Promise<void> {
    await this.db.query(`UPDATE qr.data_exports SET progress = $2 WHERE id = $1 AND status = 'running'`, [id, Math.max(0, Math.min(100, Math.floor(progress)))]);
  }

  /** Within `tx`: the file is stored. False when the export is gone meanwhile. */
  async ready(
    tx: EntityManager,
    id: string,
    file: { key: string; sizeBytes: number; codes: number; scans: number; expiresAt: Date },
  ): Promise<boolean> {
    const [rows]: [unknown[], number] = await tx.query(
      `UPDATE qr.data_exports SET status = 'ready', progress = 100, file_key = $2, size_bytes = $3, codes = $4, scans = $5,
              finished_at = now(), expires_at = $6
       WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, file.key, file.sizeBytes, file.codes, file.scans, file.expiresAt],
    );
    return rows.length > 0;
  }

  async fail(id: string, error: string): Promise<void> {
    await this.db.query(`UPDATE qr.data_exports SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running')`, [
      id,
      error,
    ]);
  }

  /** Exports whose download time is over, and failed ones as old: their rows and files go. */
  async expired(now: Date, failedBefore: Date): Promise<{ id: string; fileKey: string | null }[]> {
    return this.db.query(
      `SELECT id, file_key AS "fileKey" FROM qr.data_exports
       WHERE (status = 'ready' AND expires_at <= $1) OR (status = 'failed' AND created_at <= $2) LIMIT 500`,
      [now, failedBefore],
    );
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length) await this.db.query(`DELETE FROM qr.data_exports WHERE id = ANY($1)`, [ids]);
  }

  /** Every export of the owner, rows gone; answers the file keys to delete. */
  /** A deleted account is no longer named as the one who asked for another workspace's exports. */
  async forgetRequester(userId: string): Promise<void> {
    await this.db.query(`UPDATE qr.data_exports SET requested_by = NULL WHERE requested_by = $1`, [userId]);
  }

  async eraseOwner(ownerId: string): Promise<string[]> {
    const [rows]: [{ fileKey: string | null }[], number] = await this.db.query(`DELETE FROM qr.data_exports WHERE owner_id = $1 RETURNING file_key AS "fileKey"`, [ownerId]);
    return rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
  }

  async countScans(ownerId: string): Promise<number> {
    const [{ n }] = (await this.reads.query(`SELECT count(*)::bigint::text AS n FROM qr.scan_rows WHERE code IN (SELECT scan_key FROM qr.codes WHERE owner_id = $1)`, [ownerId])) as { n: string }[];
    return Number(n);
  }

  /** Every lead and sale reported against the owner's scans, oldest first. */
  async conversions(ownerId: string): Promise<ExportConversionRow[]> {
    return this.reads.query(
      `SELECT id, kind, code_id AS "codeId", scan_id AS "scanId", scanned_at AS "scannedAt", variant, rule, external_id AS "externalId",
              amount_minor::text AS amount, currency, source, created_at AS "createdAt"
       FROM qr.conversions WHERE owner_id = $1 ORDER BY created_at, id`,
      [ownerId],
    );
  }

  /** Every code of the owner, deleted ones too (they were the owner's), oldest first. */
  async codes(ownerId: string): Promise<ExportCodeRow[]> {
    return this.db.query(
      `SELECT c.id, c.slug, (SELECT d.hostname FROM qr.domains d WHERE d.id = c.domain_id) AS "domainHost", c.name, c.destination, c.category, c.design, c.campaign, c.state,
              c.deactivated_by_owner AS "deactivatedByOwner", (c.password_hash IS NOT NULL) AS "passwordProtected", c.version,
              c.created_at AS "createdAt", c.updated_at AS "updatedAt", c.destination_updated_at AS "destinationUpdatedAt",
              c.taken_down_at AS "takenDownAt", c.takedown_reason AS "takedownReason", c.deleted_at AS "deletedAt",
              coalesce(s.scans, 0)::bigint::text AS scans, coalesce(s.bot_scans, 0)::bigint::text AS "botScans", s.last_scan_at AS "lastScanAt"
       FROM qr.codes c LEFT JOIN qr.code_stats s ON s.code_id = c.id
       WHERE c.owner_id = $1 ORDER BY c.created_at, c.id`,
      [ownerId],
    );
  }

  /**
   * Every stored scan of the owner, oldest first, from a cursor read as the stream is consumed.
   * The connection goes back to the pool when the stream ends, fails or is destroyed.
   */
  async streamScans(ownerId: string): Promise<Readable> {
    const { client, release } = await this.reads.connect();
    const rows = client.query(
      new QueryStream(
        `SELECT s.scan_id AS "scanId", s.code_id AS "codeId", c.slug, s.scanned_at AS "scannedAt", s.is_bot AS "isBot", s.bot_reason AS "botReason",
                s.method, s.device, s.os, s.browser, s.country, s.region, s.city, s.referrer, s.language, s.variant, s.visitor_hash AS "visitorHash",
                coalesce(s.source, 'scan') AS source
         FROM qr.scans s JOIN qr.codes c ON c.id = s.code_id
         WHERE s.owner_id = $1 ORDER BY s.scanned_at, s.scan_id`,
        [ownerId],
        { batchSize: SCAN_BATCH_ROWS, highWaterMark: SCAN_BATCH_ROWS },
      ),
    );
    rows.once('close', release);
    return rows;
  }
}
