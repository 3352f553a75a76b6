import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { BulkImportCells, BulkImportState } from '@qrd/contracts';

export interface BulkImportRecord {
  id: string;
  ownerId: string;
  state: BulkImportState;
  total: number;
  seatsBought: number;
  amountChargedCents: number;
  /** Chosen at confirmation for the rows that name no template (null: the default design). */
  designTemplateId: string | null;
  createdAt: Date;
}

export interface BulkImportRowRecord extends BulkImportCells {
  row: number;
  errors: Record<string, string>;
  codeId: string | null;
  /** The created code's short link slug (null until created, or when it was deleted since). */
  codeSlug: string | null;
  /** The created code's custom domain (null: the default host). */
  codeDomain: string | null;
  failure: string | null;
}

const IMPORT_COLUMNS = `id, owner_id AS "ownerId", state, total, seats_bought AS "seatsBought",
  amount_charged_cents AS "amountChargedCents", design_template_id AS "designTemplateId", created_at AS "createdAt"`;

const ROW_COLUMNS = `r.row_number AS "row", r.name, r.destination, r.category, r.tags, r.slug, r.template, r.domain, r.errors, r.code_id AS "codeId",
  c.slug AS "codeSlug", (SELECT d.hostname FROM qr.domains d WHERE d.id = c.domain_id) AS "codeDomain", r.failure`;

export interface BulkImportCounts {
  rows: number;
  invalid: number;
  namedTemplate: number;
  created: number;
  failed: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A draft is kept this long for its owner to fix and confirm it. */
const DRAFT_HOURS = 24;

/** qr.bulk_imports and their rows (plain SQL, like every qr repository). */
@Injectable()
export class BulkImportsRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** A new, empty draft; the owner's drafts older than a day go. */
  async newDraft(ownerId: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM qr.bulk_imports WHERE owner_id = $1 AND state = 'draft' AND created_at < now() - $2 * interval '1 hour'`, [
        ownerId,
        DRAFT_HOURS,
      ]);
      const [{ id }] = (await tx.query(`INSERT INTO qr.bulk_imports (owner_id) VALUES ($1) RETURNING id`, [ownerId])) as { id: string }[];
      return id;
    });
  }

  /** A batch of the file's rows (each with its errors), in one multi-row insert. */
  async addRows(id: string, rows: { row: number; cells: BulkImportCells; errors: Record<string, string> }[]): Promise<void> {
    if (rows.length === 0) return;
    const params: unknown[] = [id];
    const values = rows.map((row) => {
      const at = params.length;
      const { name, destination, category, tags, slug, template, domain } = row.cells;
      params.push(row.row, name, destination, category, tags, slug, template, domain ?? '', JSON.stringify(row.errors));
      return `($1, ${Array.from({ length: 9 }, (_, k) => `$${at + k + 1}`).join(', ')})`;
    });
    await this.db.query(
      `INSERT INTO qr.bulk_import_rows (import_id, row_number, name, destination, category, tags, slug, template, domain, errors) VALUES ${values.join(', ')}`,
      params,
    );
  }

  /** A file refused part way (or its upload broken off): the draft and the rows kept so far go. */
  async discard(id: string): Promise<void> {
    await this.db.query(`DELETE FROM qr.bulk_imports WHERE id = $1 AND state = 'draft'`, [id]);
  }

  async find(ownerId: string, id: string): Promise<BulkImportRecord | null> {
    if (!UUID.test(id)) return null;
    const rows = (await this.db.query(`SELECT ${IMPORT_COLUMNS} FROM qr.bulk_imports WHERE id = $1 AND owner_id = $2`, [id, ownerId])) as BulkImportRecord[];
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<BulkImportRecord | null> {
    const rows = (await this.db.query(`SELECT ${IMPORT_COLUMNS} FROM qr.bulk_imports WHERE id = $1`, [id])) as BulkImportRecord[];
    return rows[0] ?? null;
  }

  /** Up to `limit` rows after row `after`, in file order (a page of a file read from start to end). */
  async rowsAfter(id: string, after: number, limit: number, where = 'true'): Promise<BulkImportRowRecord[]> {
    return (await this.db.query(
      `SELECT ${ROW_COLUMNS}
       FROM qr.bulk_import_rows r LEFT JOIN qr.codes c ON c.id = r.code_id AND c.deleted_at IS NULL
       WHERE r.import_id = $1 AND r.row_number > $2 AND ${where} ORDER BY r.row_number LIMIT $3`,
      [id, after, limit],
    )) as BulkImportRowRecord[];
  }

  /** The rows with a custom short link or a template named (what may change after a check), and row `also`. */
  rowsToRecheckAfter(id: string, after: number, limit: number, also: number | null): Promise<BulkImportRowRecord[]> {
    const row = also === null ? '' : ` OR r.row_number = ${Math.trunc(also)}`;
    return this.rowsAfter(id, after, limit, `(r.slug <> '' OR r.template <> '' OR r.domain <> ''${row})`);
  }

  /** The rows a view lists: those with errors or failures first, then the others; in file order. */
  async shownRows(id: string, limit: number): Promise<BulkImportRowRecord[]> {
    return (await this.db.query(
      `SELECT * FROM (
         SELECT ${ROW_COLUMNS}
         FROM qr.bulk_import_rows r LEFT JOIN qr.codes c ON c.id = r.code_id AND c.deleted_at IS NULL
         WHERE r.import_id = $1 ORDER BY (r.errors <> '{}' OR r.failure IS NOT NULL) DESC, r.row_number LIMIT $2
       ) shown ORDER BY "row"`,
      [id, limit],
    )) as BulkImportRowRecord[];
  }

  /** Counts over every row (one pass, no row held). */
  async counts(id: string): Promise<BulkImportCounts> {
    const [counts] = (await this.db.query(
      `SELECT count(*)::int AS rows, count(*) FILTER (WHERE errors <> '{}')::int AS invalid,
              count(*) FILTER (WHERE errors = '{}' AND template <> '')::int AS "namedTemplate",
              count(code_id)::int AS created, count(failure)::int AS failed
       FROM qr.bulk_import_rows WHERE import_id = $1`,
      [id],
    )) as BulkImportCounts[];
    return counts;
  }

  /** A row fixed in the preview (drafts only); false when the import is no longer a draft. */
  async updateDraftRow(id: string, row: number, cells: BulkImportCells): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE qr.bulk_import_rows r SET name = $3, destination = $4, category = $5, tags = $6, slug = $7, template = $8, domain = $9
       FROM qr.bulk_imports i WHERE i.id = r.import_id AND i.state = 'draft' AND r.import_id = $1 AND r.row_number = $2
       RETURNING r.row_number`,
      [id, row, cells.name, cells.destination, cells.category, cells.tags, cells.slug, cells.template, cells.domain ?? ''],
    )) as [unknown[], number];
    return result[0].length === 1;
  }

  async saveErrors(id: string, errors: Map<number, Record<string, string>>): Promise<void> {
    if (errors.size === 0) return;
    const rows = [...errors.keys()];
    await this.db.query(
      `UPDATE qr.bulk_import_rows r SET errors = e.errors
       FROM unnest($2::int[], $3::jsonb[]) AS e(row_number, errors)
       WHERE r.import_id = $1 AND r.row_number = e.row_number AND r.errors IS DISTINCT FROM e.errors`,
      [id, rows, rows.map((row) => JSON.stringify(errors.get(row)))],
    );
  }

  /**
   * The draft becomes queued (once): what it creates, what was bought for it and the design template
   * of the rows naming none. False when it was not a draft.
   */
  async markQueued(
    tx: EntityManager,
    id: string,
    queued: { total: number; seatsBought: number; amountChargedCents: number; confirmKey: string | null; designTemplateId: string | null },
  ): Promise<boolean> {
    const result = (await tx.query(
      `UPDATE qr.bulk_imports SET state = 'queued', total = $2, seats_bought = $3, amount_charged_cents = $4, confirm_key = $5,
         design_template_id = $6, confirmed_at = now()
       WHERE id = $1 AND state = 'draft' RETURNING id`,
      [id, queued.total, queued.seatsBought, queued.amountChargedCents, queued.confirmKey, queued.designTemplateId],
    )) as [unknown[], number];
    return result[0].length === 1;
  }

  /** What the import's purchase charged, once made. */
  /** The import's seat purchase is made (what it charged): its held rows are covered by the seats from now on. */
  async setCharged(id: string, amountChargedCents: number): Promise<void> {
    await this.db.query(`UPDATE qr.bulk_imports SET amount_charged_cents = $2, seats_bought_at = coalesce(seats_bought_at, now()) WHERE id = $1`, [
      id,
      amountChargedCents,
    ]);
  }

  /** A repeated confirmation made the same purchase again (it answers once the first is made). */
  async setBought(id: string): Promise<void> {
    await this.db.query(`UPDATE qr.bulk_imports SET seats_bought_at = coalesce(seats_bought_at, now()) WHERE id = $1`, [id]);
  }

  /**
   * Whether another import of the owner holds rows whose seats are still being bought (held, its
   * purchase not made yet): seats read now may not include the seats that will cover them.
   */
  async purchaseInFlight(tx: EntityManager, ownerId: string, exceptImportId: string): Promise<boolean> {
    const rows = (await tx.query(
      `SELECT 1 FROM qr.bulk_imports WHERE owner_id = $1 AND id <> $2 AND state IN ('queued', 'running') AND seats_bought_at IS NULL LIMIT 1`,
      [ownerId, exceptImportId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** A queued import whose purchase failed is a draft again (its rows hold no seat), to be confirmed anew. */
  async backToDraft(id: string): Promise<void> {
    await this.db.query(`UPDATE qr.bulk_imports SET state = 'draft', confirmed_at = NULL, confirm_key = NULL, seats_bought_at = NULL WHERE id = $1 AND state = 'queued'`, [id]);
  }

  /** Running, or done; an import cancelled or done stays so. */
  async setState(id: string, state: 'running' | 'done'): Promise<void> {
    await this.db.query(
      `UPDATE qr.bulk_imports SET state = $2, finished_at = CASE WHEN $2 = 'done' THEN now() ELSE finished_at END
       WHERE id = $1 AND state NOT IN ('done', 'cancelled')`,
      [id, state],
    );
  }

  /** A draft or an import being created stops (waiting for the batch in progress to commit); false when it had ended. */
  async cancel(id: string): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE qr.bulk_imports SET state = 'cancelled', finished_at = now() WHERE id = $1 AND state IN ('draft', 'queued', 'running') RETURNING id`,
      [id],
    )) as [unknown[], number];
    return result[0].length === 1;
  }

  /** Imports confirmed and not finished: what a restart goes on with. */
  async unfinished(): Promise<string[]> {
    const rows = (await this.db.query(`SELECT id FROM qr.bulk_imports WHERE state IN ('queued', 'running')`)) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** The next valid rows not created and not failed yet, in file order. */
  async pendingBatch(id: string, limit: number): Promise<BulkImportRowRecord[]> {
    return (await this.db.query(
      `SELECT ${ROW_COLUMNS} FROM qr.bulk_import_rows r LEFT JOIN qr.codes c ON false
       WHERE r.import_id = $1 AND r.code_id IS NULL AND r.failure IS NULL AND r.errors = '{}'
       ORDER BY r.row_number LIMIT $2`,
      [id, limit],
    )) as BulkImportRowRecord[];
  }

  /**
   * In the batch's transaction: the import locked against a cancel (which waits for the commit) and
   * the rows of `rows` that still need their code, locked. None when the import is no longer running.
   */
  async claimRows(tx: EntityManager, id: string, rows: number[]): Promise<Set<number>> {
    const [importRow] = (await tx.query(`SELECT state FROM qr.bulk_imports WHERE id = $1 FOR SHARE`, [id])) as { state: BulkImportState }[];
    if (importRow?.state !== 'running') return new Set();
    const claimed = (await tx.query(
      `SELECT row_number FROM qr.bulk_import_rows WHERE import_id = $1 AND row_number = ANY($2::int[]) AND code_id IS NULL AND failure IS NULL
       FOR UPDATE`,
      [id, rows],
    )) as { row_number: number }[];
    return new Set(claimed.map((row) => row.row_number));
  }

  async markCreated(tx: EntityManager, id: string, created: { row: number; codeId: string }[]): Promise<void> {
    if (created.length === 0) return;
    await tx.query(
      `UPDATE qr.bulk_import_rows r SET code_id = u.code_id FROM unnest($2::int[], $3::uuid[]) AS u(row_number, code_id)
       WHERE r.import_id = $1 AND r.row_number = u.row_number`,
      [id, created.map((c) => c.row), created.map((c) => c.codeId)],
    );
  }

  async markFailed(tx: EntityManager | null, id: string, failed: { row: number; failure: string }[]): Promise<void> {
    if (failed.length === 0) return;
    await (tx ?? this.db.manager).query(
      `UPDATE qr.bulk_import_rows r SET failure = u.failure FROM unnest($2::int[], $3::text[]) AS u(row_number, failure)
       WHERE r.import_id = $1 AND r.row_number = u.row_number AND r.code_id IS NULL`,
      [id, failed.map((f) => f.row), failed.map((f) => f.failure)],
    );
  }

  /** Every valid row left is reported failed with this reason (the job gave up). */
  async failPending(id: string, failure: string): Promise<void> {
    await this.db.query(
      `UPDATE qr.bulk_import_rows SET failure = $2 WHERE import_id = $1 AND code_id IS NULL AND failure IS NULL AND errors = '{}'`,
      [id, failure],
    );
  }
}
