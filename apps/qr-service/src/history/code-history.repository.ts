import { Injectable } from '@nestjs/common';
import type { CodeHistoryActor, CodeHistoryEntry, HistoryPageRequest } from '@qrd/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { requestContext } from '@qrd/config';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account that made an owner's change: the request's acting user (set by the gateway), when there is one. */
function memberOf(author: HistoryAuthor): string | null {
  const userId = author.actor === 'owner' ? requestContext.current()?.userId : undefined;
  return userId && UUID.test(userId) ? userId : null;
}

/** qr.code_history (plain SQL): written inside the change's transaction, read a page at a time. */
@Injectable()
export class CodeHistoryRepository {
  constructor(private readonly db: DataSource) {}

  /** Within `tx`: one row per kind of change (none for none). */
  async record(tx: EntityManager, code: HistoryAuthor, changes: HistoryChange[]): Promise<void> {
    if (changes.length === 0) return;
    const values: unknown[] = [code.codeId, code.ownerId, code.actor, code.apiKeyName?.slice(0, 200) ?? null, memberOf(code)];
    const rows = changes.map((change) => {
      values.push(change.kind, JSON.stringify(change.changes));
      return `($1, $2, $3, $4, $5, $${values.length - 1}, $${values.length}::jsonb)`;
    });
    await tx.query(`INSERT INTO qr.code_history (code_id, owner_id, actor, api_key_name, member_id, kind, changes) VALUES ${rows.join(', ')}`, values);
  }

  /** One entry for each of many codes (a bulk import's batch), in one insert. */
  async recordMany(tx: EntityManager, entries: { author: HistoryAuthor; change: HistoryChange }[]): Promise<void> {
    if (entries.length === 0) return;
    const values: unknown[] = [];
    const rows = entries.map(({ author, change }) => {
      values.push(author.codeId, author.ownerId, author.actor, author.apiKeyName?.slice(0, 200) ?? null, memberOf(author), change.kind, JSON.stringify(change.changes));
      const at = values.length - 7;
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7}::jsonb)`;
    });
    await tx.query(`INSERT INTO qr.code_history (code_id, owner_id, actor, api_key_name, member_id, kind, changes) VALUES ${rows.join(', ')}`, values);
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
         h.api_key_name AS "apiKeyName", h.member_id AS "memberId", h.at, h.changes
       FROM qr.code_history h LEFT JOIN qr.codes c ON c.id = h.code_id
       WHERE ${where.join(' AND ')} ORDER BY h.id DESC LIMIT $2`,
      values,
    );
    return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  }

  /** A deleted account no longer names the changes it made in other workspaces. */
  async forgetMember(userId: string): Promise<void> {
    if (UUID.test(userId)) await this.db.query(`UPDATE qr.code_history SET member_id = NULL WHERE member_id = $1`, [userId]);
  }
}
