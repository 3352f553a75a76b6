import { Injectable } from '@nestjs/common';
import type { ContentFileView } from '@qrd/contracts';
import { DataSource, EntityManager } from 'typeorm';

export interface ContentFileRecord extends ContentFileView {
  ownerId: string;
  storageKey: string;
}

const COLUMNS = `id, owner_id AS "ownerId", storage_key AS "storageKey", file_name AS "fileName",
  content_type AS "contentType", size_bytes AS "sizeBytes"`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the content of code `c` names file `f` (its files, or the field that holds the id). */
const NAMES_FILE = `(c.content->'files' ? f.id::text OR c.content->>'fileId' = f.id::text
  OR c.content->>'photoFileId' = f.id::text OR c.content->>'avatarFileId' = f.id::text)`;
const NAMED_BY_LIVE_CODE = `EXISTS (SELECT 1 FROM qr.codes c WHERE c.owner_id = f.owner_id AND c.deleted_at IS NULL AND ${NAMES_FILE})`;
const NAMED_BY_DELETED_CODE = `EXISTS (SELECT 1 FROM qr.codes c WHERE c.owner_id = f.owner_id AND c.deleted_at IS NOT NULL AND ${NAMES_FILE})`;

/** A file no live code names: what the sweep may release. */
export interface UnnamedFile {
  id: string;
  ownerId: string;
}

/** qr.content_files: what each uploaded file is and where the content storage keeps it. */
@Injectable()
export class ContentFilesRepository {
  constructor(private readonly db: DataSource) {}

  async insert(file: Omit<ContentFileRecord, 'id'> & { id: string }): Promise<ContentFileRecord> {
    const rows: ContentFileRecord[] = await this.db.query(
      `INSERT INTO qr.content_files (id, owner_id, storage_key, file_name, content_type, size_bytes)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [file.id, file.ownerId, file.storageKey, file.fileName, file.contentType, file.sizeBytes],
    );
    return rows[0];
  }

  /** The owner's files among `ids` (someone else's file and a missing one look the same: absent). */
  async findOwned(ownerId: string, ids: string[]): Promise<ContentFileRecord[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return [];
    return this.db.query(`SELECT ${COLUMNS} FROM qr.content_files WHERE owner_id = $1 AND id = ANY($2::uuid[])`, [ownerId, valid]);
  }

  async find(id: string): Promise<ContentFileRecord | null> {
    if (!UUID.test(id)) return null;
    const rows: ContentFileRecord[] = await this.db.query(`SELECT ${COLUMNS} FROM qr.content_files WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Deletes the rows of the owner's files among `ids` that no live code names, answering their
   * storage keys (the stored objects go after the commit). Under the owner's lock, the one a
   * creation holds while it checks its files again, so a file being attached is never released.
   */
  async deleteUnnamed(ownerId: string, ids: string[]): Promise<string[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0 || !UUID.test(ownerId)) return [];
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('qr-owner:' || $1))`, [ownerId]);
      const [rows]: [{ storageKey: string }[], number] = await tx.query(
        `DELETE FROM qr.content_files f WHERE f.owner_id = $1 AND f.id = ANY($2::uuid[]) AND NOT ${NAMED_BY_LIVE_CODE}
         RETURNING storage_key AS "storageKey"`,
        [ownerId, valid],
      );
      return rows.map((row) => row.storageKey);
    });
  }

  /**
   * Files no live code names that are done with: uploads never attached within the grace period,
   * and files only deleted codes name.
   */
  unnamed(uploadedBefore: Date, limit: number): Promise<UnnamedFile[]> {
    return this.db.query(
      `SELECT f.id, f.owner_id AS "ownerId" FROM qr.content_files f
       WHERE NOT ${NAMED_BY_LIVE_CODE} AND (f.created_at < $1 OR ${NAMED_BY_DELETED_CODE})
       ORDER BY f.created_at LIMIT $2`,
      [uploadedBefore, limit],
    );
  }

  /** Which of these storage keys a row names. */
  async knownKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows: { key: string }[] = await this.db.query(`SELECT storage_key AS key FROM qr.content_files WHERE storage_key = ANY($1::text[])`, [keys]);
    return new Set(rows.map((row) => row.key));
  }

  /** Whether every one of `ids` is still the owner's file (checked again inside a creation, under the owner's lock). */
  async allOwned(tx: EntityManager, ownerId: string, ids: string[]): Promise<boolean> {
    if (ids.length === 0) return true;
    if (!ids.every((id) => UUID.test(id))) return false;
    const rows: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM qr.content_files WHERE owner_id = $1 AND id = ANY($2::uuid[])`, [ownerId, ids]);
    return rows[0].n === new Set(ids).size;
  }
}
