import { Injectable } from '@nestjs/common';
import type { CodeHistoryActor, CodeHistoryEntry, HistoryPageRequest } from '@qrd/contracts';
import { DataSource, EntityManager } from 'typeorm';
import type { HistoryChange } from './code-diff';

/** Whose change: the owner (through a session, or an API key named here), an admin, or the system. */
export interface HistoryAuthor {
  codeId: string;
  ownerId: string;
  actor: CodeHistoryActor;
  apiKeyName?: string | null;
}

interface HistoryRow extends Omit<CodeHistoryEntry, 'at'> {
  at: Date;
}

/** qr.code_history (plain SQL): written inside the change's transaction, read a page at a time. */
@Injectable()
export class CodeHistoryRepository {
  constructor(private readonly db: DataSource) {}

  /** Within `tx`: one row per kind of change (none for none). */
  async record(tx: EntityManager, code: HistoryAuthor, changes: HistoryChange[]): Promise<void> {
    if (changes.length === 0) return;
    const values: unknown[] = [code.codeId, code.ownerId, code.actor, code.apiKeyName?.slice(0, 200) ?? null];
    const rows = changes.map((change) => {
      values.push(change.kind, JSON.stringify(change.changes));
      return `($1, $2, $3, $4, $${values.length - 1}, $${values.length}::jsonb)`;
    });
    await tx.query(`INSERT INTO qr.code_history (code_id, owner_id, actor, api_key_name, kind, changes) VALUES ${rows.join(', ')}`, values);
  }

  /** One entry for each of many codes (a bulk import's batch), in one insert. */
  async recordMany(tx: EntityManager, entries: { author: HistoryAuthor; change: HistoryChange }[]): Promise<void> {
    if (entries.length === 0) return;
    const values: unknown[] = [];
    const rows = entries.map(({ author, change }) => {
      values.push(author.codeId, author.ownerId, author.actor, author.apiKeyName?.slice(0, 200) ?? null, change.kind, JSON.stringify(change.changes));
      const at = values.length - 6;
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}::jsonb)`;
    });
    await tx.query(`INSERT INTO qr.code_history (code_id, owner_id, actor, api_key_name, kind, changes) VALUES ${rows.join(', ')}`, values);
  }

  /** The owner's entries older than the cursor, newest first: limit + 1 rows, so the caller knows whether more follow. */
  async page(ownerId: string, request: HistoryPageRequest): Promise<CodeHistoryEntry[]> {
    const values: unknown[] = [ownerId, request.limit + 1];
    const where = ['h.owner_id = $1'];
    const add = (sql: string, value: unknown) => {
      values.push(value);
      where.push(sql.replace('?', `$${values.length}`));
    };
    if (request.cursor !== null) add('h.id < ?::bigint', request.cursor);
    if (request.kind !== null) add('h.kind = ?', request.kind);
    if (request.codeId !== null) add('h.code_id = ?::uuid', request.codeId);
    const rows: HistoryRow[] = await this.db.query(
      `SELECT h.id::text AS id, h.code_id AS "codeId", coalesce(c.name, '') AS "codeName",
         coalesce(c.deleted_at IS NOT NULL, true) AS "codeDeleted", h.kind, h.actor,
         h.api_key_name AS "apiKeyName", h.at, h.changes
       FROM qr.code_history h LEFT JOIN qr.codes c ON c.id = h.code_id
       WHERE ${where.join(' AND ')} ORDER BY h.id DESC LIMIT $2`,
      values,
    );
    return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  }
}
