import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  FOLDERS_PER_ACCOUNT_MAX,
  folderNameProblem,
  FolderView,
  isUuid,
  ORGANISE_MESSAGES,
  TagCount,
} from '@qrd/contracts';
import { DataSource, EntityManager } from 'typeorm';

interface FolderRow {
  id: string;
  name: string;
  codes: number;
  createdAt: Date;
}

const FOLDER_COLUMNS = `f.id, f.name, f.created_at AS "createdAt",
  (SELECT count(*)::int FROM qr.codes c WHERE c.owner_id = f.owner_id AND c.folder_id = f.id AND c.deleted_at IS NULL) AS codes`;

function notFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, ORGANISE_MESSAGES.folderNotFound);
}

function checkedName(name: unknown): string {
  const problem = folderNameProblem(name);
  if (problem) throw new DomainError(ErrorCode.Validation, problem, { name: problem });
  return (name as string).trim();
}

function toView(row: FolderRow): FolderView {
  return { id: row.id, name: row.name, codes: Number(row.codes), createdAt: new Date(row.createdAt).toISOString() };
}

/**
 * The owner's folders (qr.folders, plain SQL). Names are unique per owner whatever their case;
 * deleting a folder leaves its codes in no folder (the foreign key sets them to null).
 */
@Injectable()
export class FoldersService {
  constructor(private readonly db: DataSource) {}

  async list(userId: string): Promise<FolderView[]> {
    if (!isUuid(userId)) return [];
    const rows: FolderRow[] = await this.db.query(`SELECT ${FOLDER_COLUMNS} FROM qr.folders f WHERE f.owner_id = $1 ORDER BY lower(f.name), f.id`, [userId]);
    return rows.map(toView);
  }

  async create(userId: string, name: unknown): Promise<FolderView> {
    const clean = checkedName(name);
    return this.db.transaction(async (tx) => {
      // One creation of an owner at a time: the count below stays true until the insert.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('qr-folders:' || $1))`, [userId]);
      const [{ n }]: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM qr.folders WHERE owner_id = $1`, [userId]);
      if (n >= FOLDERS_PER_ACCOUNT_MAX) throw new DomainError(ErrorCode.Validation, ORGANISE_MESSAGES.tooManyFolders, { name: ORGANISE_MESSAGES.tooManyFolders });
      const rows: { id: string }[] = await tx.query(
        `INSERT INTO qr.folders (owner_id, name) VALUES ($1, $2) ON CONFLICT (owner_id, lower(name)) DO NOTHING RETURNING id`,
        [userId, clean],
      );
      if (rows.length === 0) throw this.taken();
      return this.find(tx, userId, rows[0].id);
    });
  }

  async rename(userId: string, folderId: string, name: unknown): Promise<FolderView> {
    const clean = checkedName(name);
    if (!isUuid(folderId)) throw notFound();
    return this.db.transaction(async (tx) => {
      const clash: unknown[] = await tx.query(`SELECT 1 FROM qr.folders WHERE owner_id = $1 AND lower(name) = lower($2) AND id <> $3`, [
        userId,
        clean,
        folderId,
      ]);
      if (clash.length > 0) throw this.taken();
      const [updated]: [unknown[], number] = await tx.query(`UPDATE qr.folders SET name = $3 WHERE id = $1 AND owner_id = $2 RETURNING id`, [
        folderId,
        userId,
        clean,
      ]);
      if (updated.length === 0) throw notFound();
      return this.find(tx, userId, folderId);
    });
  }

  /** The folder goes; its codes stay, in no folder. */
  async delete(userId: string, folderId: string): Promise<void> {
    if (!isUuid(folderId)) throw notFound();
    const [deleted]: [unknown[], number] = await this.db.query(`DELETE FROM qr.folders WHERE id = $1 AND owner_id = $2 RETURNING id`, [folderId, userId]);
    if (deleted.length === 0) throw notFound();
  }

  /** Every tag on the owner's live codes, with how many codes carry it: most used first, then A to Z. */
  async tags(userId: string): Promise<TagCount[]> {
    if (!isUuid(userId)) return [];
    return this.db.query(
      `SELECT t.tag, count(DISTINCT c.id)::int AS codes FROM qr.codes c CROSS JOIN LATERAL unnest(c.tags) AS t(tag)
       WHERE c.owner_id = $1 AND c.deleted_at IS NULL GROUP BY t.tag ORDER BY codes DESC, t.tag LIMIT 500`,
      [userId],
    );
  }

  private async find(tx: EntityManager, userId: string, id: string): Promise<FolderView> {
    const rows: FolderRow[] = await tx.query(`SELECT ${FOLDER_COLUMNS} FROM qr.folders f WHERE f.id = $1 AND f.owner_id = $2`, [id, userId]);
    if (!rows[0]) throw notFound();
    return toView(rows[0]);
  }

  private taken(): DomainError {
    return new DomainError(ErrorCode.Validation, ORGANISE_MESSAGES.folderNameTaken, { name: ORGANISE_MESSAGES.folderNameTaken });
  }
}
