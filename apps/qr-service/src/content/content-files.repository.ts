import { Injectable } from '@nestjs/common';
import type { ContentFileView } from '@qrd/contracts';
import { DataSource } from 'typeorm';

export interface ContentFileRecord extends ContentFileView {
  ownerId: string;
  storageKey: string;
}

const COLUMNS = `id, owner_id AS "ownerId", storage_key AS "storageKey", file_name AS "fileName",
  content_type AS "contentType", size_bytes AS "sizeBytes"`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
}
