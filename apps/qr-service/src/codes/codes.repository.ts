import { Injectable } from '@nestjs/common';
import type { CodeCursor, CodePageRequest } from '@qrd/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { CODE_COLUMNS, CODE_FROM, CodeRecord, REDIRECT_COLUMNS, RedirectSource } from './code.record';
import { CodeScanData } from './code-ports';
import { codePageSql, expiredSql, StateFacts } from './code-page.query';

/** What a new row of qr.codes is made from; the database fills in the rest of a CodeRecord. */
export type NewCode = Pick<
  CodeRecord,
  'slug' | 'ownerId' | 'name' | 'destination' | 'category' | 'design' | 'suspendedBilling' | 'suspendedAccount'
> &
  Partial<Pick<CodeRecord, 'campaign' | 'passwordHash' | 'tags' | 'folderId' | 'content' | 'domainId' | 'uniqueWindow'>>;

export type CodeChanges = Partial<
  Pick<CodeRecord, 'name' | 'destination' | 'category' | 'design' | 'deactivatedByOwner' | 'campaign' | 'passwordHash' | 'tags' | 'folderId' | 'content' | 'domainId' | 'uniqueWindow'>
>;

export type OwnerFlags = Pick<CodeRecord, 'suspendedBilling' | 'suspendedAccount'>;

const LIVE = 'c.deleted_at IS NULL';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Changes that alter where a scan goes or what its hosted page shows, and so raise the code's version. */
export function changesRedirect(changes: CodeChanges): boolean {
  return (
    changes.destination !== undefined ||
    changes.deactivatedByOwner !== undefined ||
    changes.campaign !== undefined ||
    changes.passwordHash !== undefined ||
    changes.content !== undefined ||
    changes.domainId !== undefined
  );
}

/** Domain-named access to qr.codes and qr.owners (plain SQL). */
@Injectable()
export class CodesRepository {
  constructor(
    private readonly db: DataSource,
    private readonly scans: CodeScanData,
  ) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Outside any transaction. */
  get manager(): EntityManager {
    return this.db.manager;
  }

  async listOwned(ownerId: string): Promise<CodeRecord[]> {
    return this.db.query(`SELECT ${CODE_COLUMNS} FROM ${CODE_FROM} WHERE c.owner_id = $1 AND ${LIVE} ORDER BY c.created_at DESC`, [
      ownerId,
    ]);
  }

  /**
   * One page after `after` (null: the first), limit + 1 rows so the caller knows whether more
   * follow, each with its sort key as cursor text; and how many codes match the filters.
   */
  async listPage(
    ownerId: string,
    request: Omit<CodePageRequest, 'cursor'>,
    after: CodeCursor | null,
    facts?: StateFacts,
  ): Promise<{ rows: (CodeRecord & { sortKey: string | null })[]; total: number }> {
    if (!UUID.test(ownerId)) return { rows: [], total: 0 };
    const sql = codePageSql(ownerId, request, after, CODE_COLUMNS, facts);
    // One after the other: a handler never holds one pooled connection while waiting for a second.
    const rows: (CodeRecord & { sortKey: string | null })[] = await this.db.query(sql.page.text, sql.page.values);
    const counted: { n: number }[] = await this.db.query(sql.count.text, sql.count.values);
    return { rows, total: counted[0].n };
  }

  /** The owner's live, active, not expired codes with a scan limit (whether it is used up is in Redis). */
  async limitedCodes(ownerId: string, now: Date): Promise<{ id: string; scanLimit: number }[]> {
    if (!UUID.test(ownerId)) return [];
    return this.db.query(
      `SELECT c.id, (c.campaign->>'scanLimit')::int AS "scanLimit" FROM qr.codes c
       WHERE c.owner_id = $1 AND ${LIVE} AND c.state = 'active' AND (c.campaign->>'scanLimit') IS NOT NULL AND NOT ${expiredSql(2)}`,
      [ownerId, now.toISOString()],
    );
  }

  /** Someone else's code and a code that does not exist look the same: null. */
  async findOwned(ownerId: string, id: string, tx: EntityManager = this.db.manager): Promise<CodeRecord | null> {
    if (!UUID.test(id)) return null;
    const rows: CodeRecord[] = await tx.query(
      `SELECT ${CODE_COLUMNS} FROM ${CODE_FROM} WHERE c.id = $1 AND c.owner_id = $2 AND ${LIVE}`,
      [id, ownerId],
    );
    return rows[0] ?? null;
  }

  /** The owner's live code, locked until the transaction ends (its history's "before"); null as findOwned. */
  async lockOwned(tx: EntityManager, ownerId: string, id: string): Promise<CodeRecord | null> {
    if (!UUID.test(id)) return null;
    const rows: CodeRecord[] = await tx.query(
      `SELECT ${CODE_COLUMNS} FROM ${CODE_FROM} WHERE c.id = $1 AND c.owner_id = $2 AND ${LIVE} FOR UPDATE OF c`,
      [id, ownerId],
    );
    return rows[0] ?? null;
  }

  /** The owner's live codes among `ids` (name and slug only; any other id is simply absent). */
  async findOwnedHeads(ownerId: string, ids: string[]): Promise<{ id: string; slug: string; name: string }[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0 || !UUID.test(ownerId)) return [];
    return this.db.query(`SELECT c.id, c.slug, c.name FROM qr.codes c WHERE c.owner_id = $1 AND c.id = ANY($2::uuid[]) AND ${LIVE}`, [
      ownerId,
      valid,
    ]);
  }

  /** The designs of a few of the owner's live codes (a batch: designs may carry a logo each). */
  async designsOf(ownerId: string, ids: string[]): Promise<{ id: string; slug: string; domainHost: string | null; design: unknown }[]> {
    if (ids.length === 0) return [];
    return this.db.query(`SELECT c.id, c.slug, (SELECT d.hostname FROM qr.domains d WHERE d.id = c.domain_id) AS "domainHost", c.design FROM qr.codes c WHERE c.owner_id = $1 AND c.id = ANY($2::uuid[]) AND ${LIVE}`, [
      ownerId,
      ids,
    ]);
  }

  /** The design of one of the owner's saved templates, or null (someone else's, deleted, unknown). */
  async templateDesign(ownerId: string, templateId: string, tx: EntityManager = this.db.manager): Promise<unknown | null> {
    if (!UUID.test(templateId) || !UUID.test(ownerId)) return null;
    const rows: { design: unknown }[] = await tx.query(`SELECT design FROM qr.design_templates WHERE id = $1 AND owner_id = $2`, [templateId, ownerId]);
    return rows[0]?.design ?? null;
  }

  /** The owner's templates by name as compared (trimmed, lower case, as the unique index does): name -> id. */
  async templateIdsByName(ownerId: string): Promise<Map<string, string>> {
    if (!UUID.test(ownerId)) return new Map();
    const rows: { id: string; key: string }[] = await this.db.query(`SELECT id, lower(name) AS key FROM qr.design_templates WHERE owner_id = $1`, [ownerId]);
    return new Map(rows.map((row) => [row.key, row.id]));
  }

  /** By its key in the redirect table: a slug on the default host, or `host/slug` on a verified custom domain. */
  async findBySlug(tableSlug: string): Promise<CodeRecord | null> {
    const at = tableSlug.indexOf('/');
    const rows: CodeRecord[] =
      at < 0
        ? await this.db.query(`SELECT ${CODE_COLUMNS} FROM ${CODE_FROM} WHERE c.slug = $1 AND c.domain_id IS NULL`, [tableSlug])
        : await this.db.query(
            `SELECT ${CODE_COLUMNS} FROM ${CODE_FROM}
             WHERE c.slug = $2 AND c.domain_id IN (SELECT d.id FROM qr.domains d WHERE d.hostname = $1 AND d.state IN ('verified', 'misconfigured'))`,
            [tableSlug.slice(0, at), tableSlug.slice(at + 1)],
          );
    return rows[0] ?? null;
  }

  /** The code's image was downloaded (its first download is what a move to another domain warns about). */
  async markDownloaded(ids: string[]): Promise<void> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return;
    await this.db.query(`UPDATE qr.codes SET downloaded_at = now() WHERE id = ANY($1::uuid[]) AND downloaded_at IS NULL`, [valid]);
  }

  /** Who holds this exact slug, and whether another owner holds one reading like it (custom slugs). */
  async slugClash(slug: string, lookalikeKey: string, ownerId: string, domainId: string | null = null): Promise<'taken' | 'confusable' | null> {
    const rows: { exact: boolean }[] = await this.db.query(
      `SELECT c.slug = $1 AS exact FROM qr.codes c
       WHERE c.domain_id IS NOT DISTINCT FROM $4::uuid AND (c.slug = $1 OR (c.slug_key = $2 AND c.owner_id <> $3::uuid)) ORDER BY 1 DESC LIMIT 1`,
      [slug, lookalikeKey, UUID.test(ownerId) ? ownerId : '00000000-0000-0000-0000-000000000000', domainId],
    );
    if (rows.length === 0) return null;
    return rows[0].exact ? 'taken' : 'confusable';
  }

  async countOwned(ownerId: string, tx: EntityManager = this.db.manager): Promise<number> {
    const rows: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM qr.codes c WHERE c.owner_id = $1 AND ${LIVE}`, [ownerId]);
    return rows[0].n;
  }

  /**
   * The seats the owner's codes take: live codes, and the rows of bulk imports confirmed and not
   * finished that are still to be created (their seats were bought or counted at confirmation and
   * are held for them). `exceptImportId` leaves one import's own rows out, for its batches.
   */
  async seatsTaken(ownerId: string, tx: EntityManager = this.db.manager, exceptImportId: string | null = null): Promise<number> {
    const rows: { n: number }[] = await tx.query(
      `SELECT (SELECT count(*) FROM qr.codes c WHERE c.owner_id = $1 AND ${LIVE})
            + (SELECT count(*) FROM qr.bulk_import_rows r JOIN qr.bulk_imports i ON i.id = r.import_id
               WHERE i.owner_id = $1 AND i.state IN ('queued', 'running') AND i.id IS DISTINCT FROM $2::uuid
                 AND r.code_id IS NULL AND r.failure IS NULL AND r.errors = '{}')::int AS n`,
      [ownerId, exceptImportId],
    );
    return Number(rows[0].n);
  }

  /** Serialises creations per owner inside a transaction, so two requests cannot both take the last seat. */
  async lockOwner(tx: EntityManager, ownerId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('qr-owner:' || $1))`, [ownerId]);
  }

  /** Inserts a code; null when the slug was already taken (the caller draws another). */
  async insert(tx: EntityManager, code: NewCode): Promise<CodeRecord | null> {
    const rows: { id: string }[] = await tx.query(
      `INSERT INTO qr.codes (slug, owner_id, name, destination, category, design, suspended_billing, suspended_account, campaign, password_hash, tags, folder_id, content, domain_id, unique_window)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        code.slug,
        code.ownerId,
        code.name,
        code.destination,
        code.category,
        code.design,
        code.suspendedBilling,
        code.suspendedAccount,
        code.campaign ? JSON.stringify(code.campaign) : null,
        code.passwordHash ?? null,
        code.tags ?? [],
        code.folderId ?? null,
        code.content ? JSON.stringify(code.content) : null,
        code.domainId ?? null,
        code.uniqueWindow ?? 'day',
      ],
    );
    return rows[0] ? this.findOwned(code.ownerId, rows[0].id, tx) : null;
  }

  async update(ownerId: string, id: string, changes: CodeChanges, tx: EntityManager = this.db.manager): Promise<CodeRecord | null> {
    if (!UUID.test(id)) return null;
    const sets: string[] = [];
    const values: unknown[] = [id, ownerId];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (changes.name !== undefined) set('name', changes.name);
    if (changes.category !== undefined) set('category', changes.category);
    if (changes.design !== undefined) set('design', changes.design);
    if (changes.deactivatedByOwner !== undefined) set('deactivated_by_owner', changes.deactivatedByOwner);
    if (changes.passwordHash !== undefined) set('password_hash', changes.passwordHash);
    if (changes.tags !== undefined) set('tags', changes.tags);
    if (changes.folderId !== undefined) set('folder_id', changes.folderId);
    if (changes.domainId !== undefined) set('domain_id', changes.domainId);
    if (changes.uniqueWindow !== undefined) set('unique_window', changes.uniqueWindow);
    if (changes.campaign !== undefined) set('campaign', changes.campaign ? JSON.stringify(changes.campaign) : null);
    if (changes.content !== undefined) set('content', changes.content ? JSON.stringify(changes.content) : null);
    if (changes.destination !== undefined) {
      set('destination', changes.destination);
      sets.push(`destination_updated_at = CASE WHEN destination IS DISTINCT FROM $${values.length} THEN now() ELSE destination_updated_at END`);
    }
    if (sets.length === 0) return this.findOwned(ownerId, id, tx);
    if (changesRedirect(changes)) sets.push('version = c.version + 1');
    // TypeORM answers an UPDATE with [rows, affected].
    const [updated]: [unknown[], number] = await tx.query(
      `UPDATE qr.codes c SET ${sets.join(', ')}, updated_at = now() WHERE c.id = $1 AND c.owner_id = $2 AND ${LIVE} RETURNING c.id`,
      values,
    );
    return updated.length ? this.findOwned(ownerId, id, tx) : null;
  }

  /**
   * Marks the code deleted and drops its scans: the slug stays reserved for ever, the code and its
   * analytics are gone for the owner. Returns the deleted code's redirect (a tombstone), or null.
   */
  async softDelete(tx: EntityManager, ownerId: string, id: string): Promise<RedirectSource | null> {
    if (!UUID.test(id)) return null;
    const [rows]: [RedirectSource[], number] = await tx.query(
      `UPDATE qr.codes c SET deleted_at = now(), updated_at = now(), version = c.version + 1
       WHERE c.id = $1 AND c.owner_id = $2 AND ${LIVE} RETURNING ${REDIRECT_COLUMNS}`,
      [id, ownerId],
    );
    if (rows.length === 0) return null;
    await tx.query(`DELETE FROM qr.scan_rows WHERE code = (SELECT scan_key FROM qr.codes WHERE id = $1)`, [id]);
    await tx.query(`DELETE FROM qr.code_stats WHERE code_id = $1`, [id]);
    await this.scans.forgetCode(tx, id, ownerId);
    return rows[0];
  }

  async ownerFlags(tx: EntityManager, ownerId: string): Promise<OwnerFlags> {
    const rows: OwnerFlags[] = await tx.query(
      `SELECT suspended_billing AS "suspendedBilling", suspended_account AS "suspendedAccount" FROM qr.owners WHERE user_id = $1`,
      [ownerId],
    );
    return rows[0] ?? { suspendedBilling: false, suspendedAccount: false };
  }

  /** Whether the owner's codes are stopped for billing (an owner with no row: not stopped). */
  async billingSuspended(ownerId: string): Promise<boolean> {
    return (await this.ownerFlags(this.db.manager, ownerId)).suspendedBilling;
  }

  /** Records an owner's billing or account suspension and applies it to every live code; answers the codes it changed. */
  async setOwnerSuspension(
    ownerId: string,
    reason: 'billing' | 'account',
    suspended: boolean,
    outer?: EntityManager,
  ): Promise<RedirectSource[]> {
    const column = reason === 'billing' ? 'suspended_billing' : 'suspended_account';
    const run = <T>(work: (tx: EntityManager) => Promise<T>) => (outer ? work(outer) : this.db.transaction(work));
    return run(async (tx) => {
      await tx.query(
        `INSERT INTO qr.owners (user_id, ${column}) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET ${column} = EXCLUDED.${column}, updated_at = now()`,
        [ownerId, suspended],
      );
      const rows: [RedirectSource[], number] = await tx.query(
        `UPDATE qr.codes c SET ${column} = $2, updated_at = now(), version = c.version + 1
         WHERE c.owner_id = $1 AND ${LIVE} AND ${column} IS DISTINCT FROM $2
         RETURNING ${REDIRECT_COLUMNS}`,
        [ownerId, suspended],
      );
      return rows[0];
    });
  }

  /** An account was deleted: its codes go (slugs stay reserved) and so do their scans. */
  async deleteAllOwned(tx: EntityManager, ownerId: string): Promise<RedirectSource[]> {
    const rows: [RedirectSource[], number] = await tx.query(
      `UPDATE qr.codes c SET deleted_at = now(), updated_at = now(), version = c.version + 1
       WHERE c.owner_id = $1 AND ${LIVE} RETURNING ${REDIRECT_COLUMNS}`,
      [ownerId],
    );
    await tx.query(`DELETE FROM qr.scan_rows WHERE code IN (SELECT scan_key FROM qr.codes WHERE owner_id = $1)`, [ownerId]);
    await tx.query(`DELETE FROM qr.code_stats WHERE owner_id = $1`, [ownerId]);
    await this.scans.forgetOwner(tx, ownerId);
    return rows[0];
  }

  /**
   * A deleted account: its live codes are deleted as `deleteAllOwned` does, then every code of
   * the owner keeps only what its tombstone needs (id, slug, version, dates) and answers 410 from
   * now on ('closed'), and the owner's row, the codes' history and the rows of their files go. Answers every code of
   * the owner (their redirect entries change) and the storage keys of the files (removed after the commit).
   */
  async eraseOwner(tx: EntityManager, ownerId: string): Promise<{ erased: RedirectSource[]; storageKeys: string[] }> {
    await this.deleteAllOwned(tx, ownerId);
    const [erased]: [RedirectSource[], number] = await tx.query(
      `UPDATE qr.codes c SET owner_id = NULL, name = '', destination = '', category = NULL, tags = '{}', folder_id = NULL, design = '{}'::jsonb,
         campaign = NULL, password_hash = NULL, content = NULL, updated_at = now(), version = c.version + 1
       WHERE c.owner_id = $1 RETURNING ${REDIRECT_COLUMNS}`,
      [ownerId],
    );
    await tx.query(`DELETE FROM qr.owners WHERE user_id = $1`, [ownerId]);
    await tx.query(`DELETE FROM qr.folders WHERE owner_id = $1`, [ownerId]);
    await tx.query(`DELETE FROM qr.code_history WHERE owner_id = $1`, [ownerId]);
    await tx.query(`DELETE FROM qr.design_templates WHERE owner_id = $1`, [ownerId]);
    const [files]: [{ storageKey: string }[], number] = await tx.query(
      `DELETE FROM qr.content_files WHERE owner_id = $1 RETURNING storage_key AS "storageKey"`,
      [ownerId],
    );
    // Bulk imports hold the names and addresses of the file's rows.
    await tx.query(`DELETE FROM qr.bulk_imports WHERE owner_id = $1`, [ownerId]);
    return { erased, storageKeys: files.map((file) => file.storageKey) };
  }

  /** The redirects of these codes as PostgreSQL holds them now, deleted ones included (tombstones). */
  async redirectSources(ids: string[]): Promise<RedirectSource[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return [];
    return this.db.query(`SELECT ${REDIRECT_COLUMNS} FROM qr.codes c WHERE c.id = ANY($1::uuid[])`, [valid]);
  }

  /** One page of every code, deleted ones included, in id order (keyset): the redirect table's rebuild. */
  async redirectSourcesAfter(afterId: string, limit: number): Promise<RedirectSource[]> {
    return this.db.query(`SELECT ${REDIRECT_COLUMNS} FROM qr.codes c WHERE c.id > $1 ORDER BY c.id LIMIT $2`, [afterId, limit]);
  }

  /**
   * The owner's live codes among `ids`, locked until the transaction ends, in id order (two bulk
   * actions on overlapping selections lock in the same order). Fewer rows than distinct ids: some
   * are not the owner's, deleted or missing.
   */
  async lockOwnedMany(tx: EntityManager, ownerId: string, ids: string[]): Promise<CodeRecord[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return [];
    return tx.query(
      `SELECT ${CODE_COLUMNS} FROM ${CODE_FROM} WHERE c.id = ANY($1::uuid[]) AND c.owner_id = $2 AND ${LIVE} ORDER BY c.id FOR UPDATE OF c`,
      [valid, ownerId],
    );
  }

  async folderExists(tx: EntityManager, ownerId: string, folderId: string): Promise<boolean> {
    if (!UUID.test(folderId)) return false;
    const rows: unknown[] = await tx.query(`SELECT 1 FROM qr.folders WHERE id = $1 AND owner_id = $2`, [folderId, ownerId]);
    return rows.length > 0;
  }

  async userStats(userIds: string[]): Promise<{ ownerId: string; codes: number; scans: number }[]> {
    const ids = userIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return [];
    return this.db.query(
      `SELECT c.owner_id AS "ownerId", count(*)::int AS codes, coalesce(sum(s.scans), 0)::int AS scans
       FROM ${CODE_FROM} WHERE c.owner_id = ANY($1::uuid[]) AND ${LIVE} GROUP BY c.owner_id`,
      [ids],
    );
  }
}
