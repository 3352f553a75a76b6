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
  failure: string | null;
}

const IMPORT_COLUMNS = `id, owner_id AS "ownerId", state, total, seats_bought AS "seatsBought",
  amount_charged_cents AS "amountChargedCents", design_template_id AS "designTemplateId", created_at AS "createdAt"`;

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

  /** A new draft with its rows (each with its errors); the owner's drafts older than a day go. */
  async createDraft(ownerId: string, rows: { cells: BulkImportCells; errors: Record<string, string> }[]): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM qr.bulk_imports WHERE owner_id = $1 AND state = 'draft' AND created_at < now() - $2 * interval '1 hour'`, [
        ownerId,
        DRAFT_HOURS,
      ]);
      const [{ id }] = (await tx.query(`INSERT INTO qr.bulk_imports (owner_id) VALUES ($1) RETURNING id`, [ownerId])) as { id: string }[];
      const CHUNK = 200;
      for (let start = 0; start < rows.length; start += CHUNK) {
        const chunk = rows.slice(start, start + CHUNK);
        const params: unknown[] = [id];
        const values = chunk.map((row, i) => {
          const at = params.length;
          const { name, destination, category, tags, slug, template } = row.cells;
          params.push(start + i + 1, name, destination, category, tags, slug, template, JSON.stringify(row.errors));
          return `($1, ${Array.from({ length: 8 }, (_, k) => `$${at + k + 1}`).join(', ')})`;
        });
        await tx.query(
          `INSERT INTO qr.bulk_import_rows (import_id, row_number, name, destination, category, tags, slug, template, errors) VALUES ${values.join(', ')}`,
          params,
        );
      }
      return id;
    });
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

  async rows(id: string): Promise<BulkImportRowRecord[]> {
    return (await this.db.query(
      `SELECT r.row_number AS "row", r.name, r.destination, r.category, r.tags, r.slug, r.template, r.errors, r.code_id AS "codeId",
              c.slug AS "codeSlug", r.failure
       FROM qr.bulk_import_rows r LEFT JOIN qr.codes c ON c.id = r.code_id AND c.deleted_at IS NULL
       WHERE r.import_id = $1 ORDER BY r.row_number`,
      [id],
    )) as BulkImportRowRecord[];
  }

  async progress(id: string): Promise<{ created: number; failed: number }> {
    const [counts] = (await this.db.query(
      `SELECT count(code_id)::int AS created, count(failure)::int AS failed FROM qr.bulk_import_rows WHERE import_id = $1`,
      [id],
    )) as { created: number; failed: number }[];
    return counts;
  }

  /** A row fixed in the preview (drafts only); false when the import is no longer a draft. */
  async updateDraftRow(id: string, row: number, cells: BulkImportCells): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE qr.bulk_import_rows r SET name = $3, destination = $4, category = $5, tags = $6, slug = $7, template = $8
       FROM qr.bulk_imports i WHERE i.id = r.import_id AND i.state = 'draft' AND r.import_id = $1 AND r.row_number = $2
       RETURNING r.row_number`,
      [id, row, cells.name, cells.destination, cells.category, cells.tags, cells.slug, cells.template],
    )) as [unknown[], number];
    return result[0].length === 1;
  }

  async saveErrors(id: string, errors: Map<number, Record<string, string>>): Promise<void> {
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
    id: string,
    queued: { total: number; seatsBought: number; amountChargedCents: number; confirmKey: string | null; designTemplateId: string | null },
  ): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE qr.bulk_imports SET state = 'queued', total = $2, seats_bought = $3, amount_charged_cents = $4, confirm_key = $5,
         design_template_id = $6, confirmed_at = now()
       WHERE id = $1 AND state = 'draft' RETURNING id`,
      [id, queued.total, queued.seatsBought, queued.amountChargedCents, queued.confirmKey, queued.designTemplateId],
    )) as [unknown[], number];
    return result[0].length === 1;
  }

  async setState(id: string, state: 'running' | 'done'): Promise<void> {
    await this.db.query(
      `UPDATE qr.bulk_imports SET state = $2, finished_at = CASE WHEN $2 = 'done' THEN now() ELSE finished_at END
       WHERE id = $1 AND state <> 'done'`,
      [id, state],
    );
  }

  /** Valid rows not created and not failed yet, in file order. */
  async pendingRows(id: string): Promise<BulkImportRowRecord[]> {
    return (await this.rows(id)).filter((row) => Object.keys(row.errors).length === 0 && row.codeId === null && row.failure === null);
  }

  /** In the creation's transaction: the row locked, and whether it still needs its code. */
  async claimRow(tx: EntityManager, id: string, row: number): Promise<boolean> {
    const rows = (await tx.query(`SELECT code_id, failure FROM qr.bulk_import_rows WHERE import_id = $1 AND row_number = $2 FOR UPDATE`, [
      id,
      row,
    ])) as { code_id: string | null; failure: string | null }[];
    return rows.length === 1 && rows[0].code_id === null && rows[0].failure === null;
  }

  async markCreated(tx: EntityManager, id: string, row: number, codeId: string): Promise<void> {
    await tx.query(`UPDATE qr.bulk_import_rows SET code_id = $3 WHERE import_id = $1 AND row_number = $2`, [id, row, codeId]);
  }

  async markFailed(id: string, row: number, failure: string): Promise<void> {
    await this.db.query(`UPDATE qr.bulk_import_rows SET failure = $3 WHERE import_id = $1 AND row_number = $2 AND code_id IS NULL`, [id, row, failure]);
  }
}
