import { Injectable } from '@nestjs/common';
import type { AbuseReportView, ReportReason, ReportStatus, ReportedCodeView, StoredContent } from '@qrd/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { REDIRECT_COLUMNS, RedirectSource } from '../codes/code.record';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A code as the abuse queue sees it (any owner, deleted ones too). */
export interface AbuseCodeRow {
  id: string;
  slug: string;
  name: string;
  destination: string;
  ownerId: string;
  state: ReportedCodeView['state'];
  deletedAt: Date | null;
  takenDownAt: Date | null;
  takedownReason: string | null;
  /** A hosted page's content (its links are checked like the destination), else null. */
  content: StoredContent | null;
}

const ABUSE_CODE_COLUMNS = `c.id, c.slug, c.name, c.destination, c.owner_id AS "ownerId", c.state, c.deleted_at AS "deletedAt",
  c.taken_down_at AS "takenDownAt", c.takedown_reason AS "takedownReason", c.content`;

/** The host of a stored destination (stored as URL.href: lower-case host, no credentials). */
const DESTINATION_HOST = `lower(substring(c.destination from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'))`;

interface ReportRow {
  id: string;
  slug: string;
  reason: ReportReason;
  details: string;
  reporterEmail: string | null;
  status: ReportStatus;
  createdAt: Date;
  resolvedAt: Date | null;
  codeId: string | null;
}

export function toReportedCode(code: AbuseCodeRow): ReportedCodeView {
  return {
    id: code.id,
    name: code.name,
    destinationUrl: code.destination,
    ownerId: code.ownerId,
    state: code.state,
    deleted: code.deletedAt !== null,
    takedown: code.takenDownAt ? { reason: code.takedownReason ?? '', at: new Date(code.takenDownAt).toISOString() } : null,
  };
}

/** Reports and takedowns in the qr schema (plain SQL). */
@Injectable()
export class AbuseRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async findCodeBySlug(slug: string, tx: EntityManager = this.db.manager): Promise<AbuseCodeRow | null> {
    const rows: AbuseCodeRow[] = await tx.query(`SELECT ${ABUSE_CODE_COLUMNS} FROM qr.codes c WHERE c.slug = $1`, [slug]);
    return rows[0] ?? null;
  }

  async insertReport(report: { slug: string; codeId: string | null; reason: ReportReason; details: string; reporterEmail: string | null }): Promise<string> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO qr.abuse_reports (slug, code_id, reason, details, reporter_email) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [report.slug, report.codeId, report.reason, report.details, report.reporterEmail],
    );
    return rows[0].id;
  }

  /** Newest first, with the code each names as it is now. */
  async listReports(status: ReportStatus | null, page: number, pageSize: number): Promise<{ items: AbuseReportView[]; total: number }> {
    const where = status ? `WHERE r.status = $1` : `WHERE $1::text IS NULL`;
    const rows: ReportRow[] = await this.db.query(
      `SELECT r.id, r.slug, r.reason, r.details, r.reporter_email AS "reporterEmail", r.status, r.created_at AS "createdAt",
              r.resolved_at AS "resolvedAt", r.code_id AS "codeId"
       FROM qr.abuse_reports r ${where} ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3`,
      [status, pageSize, (page - 1) * pageSize],
    );
    const counted: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM qr.abuse_reports r ${where}`, [status]);
    const codeIds = [...new Set(rows.map((row) => row.codeId).filter((id): id is string => id !== null))];
    const codes: AbuseCodeRow[] = codeIds.length
      ? await this.db.query(`SELECT ${ABUSE_CODE_COLUMNS} FROM qr.codes c WHERE c.id = ANY($1::uuid[])`, [codeIds])
      : [];
    const byId = new Map(codes.map((code) => [code.id, code]));
    return { items: rows.map((row) => this.view(row, row.codeId ? byId.get(row.codeId) : undefined)), total: counted[0].n };
  }

  async setReportStatus(reportId: string, status: ReportStatus, actorId: string): Promise<AbuseReportView | null> {
    if (!UUID.test(reportId)) return null;
    const [rows]: [ReportRow[], number] = await this.db.query(
      `UPDATE qr.abuse_reports SET status = $2,
         resolved_at = CASE WHEN $2 = 'resolved' THEN now() ELSE NULL END,
         resolved_by = CASE WHEN $2 = 'resolved' THEN $3::uuid ELSE NULL END
       WHERE id = $1
       RETURNING id, slug, reason, details, reporter_email AS "reporterEmail", status, created_at AS "createdAt",
                 resolved_at AS "resolvedAt", code_id AS "codeId"`,
      [reportId, status, UUID.test(actorId) ? actorId : null],
    );
    const row = rows[0];
    if (!row) return null;
    const codes: AbuseCodeRow[] = row.codeId ? await this.db.query(`SELECT ${ABUSE_CODE_COLUMNS} FROM qr.codes c WHERE c.id = $1`, [row.codeId]) : [];
    return this.view(row, codes[0]);
  }

  /** Takes a live code down (raising its version); null when it is deleted, unknown or already down. */
  async takeDown(tx: EntityManager, codeId: string, reason: string): Promise<RedirectSource | null> {
    const [rows]: [RedirectSource[], number] = await tx.query(
      `UPDATE qr.codes c SET taken_down_at = now(), takedown_reason = $2, updated_at = now(), version = c.version + 1
       WHERE c.id = $1 AND c.deleted_at IS NULL AND c.taken_down_at IS NULL RETURNING ${REDIRECT_COLUMNS}`,
      [codeId, reason],
    );
    return rows[0] ?? null;
  }

  async restore(tx: EntityManager, codeId: string): Promise<RedirectSource | null> {
    const [rows]: [RedirectSource[], number] = await tx.query(
      `UPDATE qr.codes c SET taken_down_at = NULL, takedown_reason = NULL, updated_at = now(), version = c.version + 1
       WHERE c.id = $1 AND c.taken_down_at IS NOT NULL RETURNING ${REDIRECT_COLUMNS}`,
      [codeId],
    );
    return rows[0] ?? null;
  }

  /** The open reports of a code that was taken down are dealt with. */
  async resolveOpenReports(tx: EntityManager, codeId: string, actorId: string | null): Promise<void> {
    await tx.query(`UPDATE qr.abuse_reports SET status = 'resolved', resolved_at = now(), resolved_by = $2 WHERE code_id = $1 AND status = 'open'`, [
      codeId,
      actorId,
    ]);
  }

  /** Live codes, not taken down yet, whose destination host is one of the domains or under one. */
  async codesOnDomains(domains: string[]): Promise<(AbuseCodeRow & { host: string })[]> {
    if (domains.length === 0) return [];
    const suffixes = domains.map((domain) => `%.${domain.replace(/[\\%_]/g, (c) => `\\${c}`)}`);
    return this.db.query(
      `SELECT ${ABUSE_CODE_COLUMNS}, ${DESTINATION_HOST} AS host FROM qr.codes c
       WHERE c.deleted_at IS NULL AND c.taken_down_at IS NULL
         AND (${DESTINATION_HOST} = ANY($1::text[]) OR ${DESTINATION_HOST} LIKE ANY($2::text[]))`,
      [domains, suffixes],
    );
  }

  /**
   * One page (in id order, after `afterId`) of the live codes not taken down whose hosted page
   * links to other websites: link lists, and contact cards with a website.
   */
  codesWithPageLinks(afterId: string, limit: number): Promise<AbuseCodeRow[]> {
    return this.db.query(
      `SELECT ${ABUSE_CODE_COLUMNS} FROM qr.codes c
       WHERE c.deleted_at IS NULL AND c.taken_down_at IS NULL AND c.content->>'type' IN ('links', 'vcard') AND c.id > $1
       ORDER BY c.id LIMIT $2`,
      [afterId, limit],
    );
  }

  private view(row: ReportRow, code: AbuseCodeRow | undefined): AbuseReportView {
    return {
      id: row.id,
      slug: row.slug,
      reason: row.reason,
      details: row.details,
      reporterEmail: row.reporterEmail,
      status: row.status,
      createdAt: new Date(row.createdAt).toISOString(),
      resolvedAt: row.resolvedAt ? new Date(row.resolvedAt).toISOString() : null,
      code: code ? toReportedCode(code) : null,
    };
  }
}
