import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { DomainState } from '@qrd/contracts';

/** A row of qr.domains with the number of live codes using it. */
export interface DomainRecord {
  id: string;
  workspaceId: string;
  hostname: string;
  token: string;
  state: DomainState;
  reason: string | null;
  disabledByAdmin: boolean;
  lastCheckedAt: Date | null;
  verifiedAt: Date | null;
  misconfiguredSince: Date | null;
  disabledAt: Date | null;
  rootRedirect: string | null;
  notFoundRedirect: string | null;
  expiredRedirect: string | null;
  hsts: boolean;
  createdAt: Date;
  codes: number;
}

export type DomainChanges = Partial<
  Pick<DomainRecord, 'state' | 'reason' | 'lastCheckedAt' | 'verifiedAt' | 'misconfiguredSince' | 'disabledAt' | 'disabledByAdmin' | 'rootRedirect' | 'notFoundRedirect' | 'expiredRedirect' | 'hsts'>
>;

const COLUMNS = `d.id, d.workspace_id AS "workspaceId", d.hostname, d.token, d.state, d.reason, d.disabled_by_admin AS "disabledByAdmin",
  d.last_checked_at AS "lastCheckedAt", d.verified_at AS "verifiedAt", d.misconfigured_since AS "misconfiguredSince",
  d.disabled_at AS "disabledAt", d.root_redirect AS "rootRedirect", d.not_found_redirect AS "notFoundRedirect",
  d.expired_redirect AS "expiredRedirect", d.hsts, d.created_at AS "createdAt",
  (SELECT count(*)::int FROM qr.codes c WHERE c.domain_id = d.id AND c.deleted_at IS NULL) AS codes`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMN_OF: Record<keyof DomainChanges, string> = {
  state: 'state',
  reason: 'reason',
  lastCheckedAt: 'last_checked_at',
  verifiedAt: 'verified_at',
  misconfiguredSince: 'misconfigured_since',
  disabledAt: 'disabled_at',
  disabledByAdmin: 'disabled_by_admin',
  rootRedirect: 'root_redirect',
  notFoundRedirect: 'not_found_redirect',
  expiredRedirect: 'expired_redirect',
  hsts: 'hsts',
};

@Injectable()
export class DomainsRepository {
  constructor(private readonly db: DataSource) {}

  list(workspaceId: string): Promise<DomainRecord[]> {
    if (!UUID.test(workspaceId)) return Promise.resolve([]);
    return this.db.query(`SELECT ${COLUMNS} FROM qr.domains d WHERE d.workspace_id = $1 ORDER BY d.created_at, d.hostname`, [workspaceId]);
  }

  async find(workspaceId: string | null, id: string): Promise<DomainRecord | null> {
    if (!UUID.test(id) || (workspaceId !== null && !UUID.test(workspaceId))) return null;
    const rows: DomainRecord[] = await this.db.query(`SELECT ${COLUMNS} FROM qr.domains d WHERE d.id = $1 AND ($2::uuid IS NULL OR d.workspace_id = $2)`, [
      id,
      workspaceId,
    ]);
    return rows[0] ?? null;
  }

  /** Every domain, newest first (the back office). */
  all(limit: number): Promise<DomainRecord[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM qr.domains d ORDER BY d.created_at DESC LIMIT $1`, [limit]);
  }

  /** Domains the schedule checks: all but those an admin disabled, the least recently checked first. */
  toCheck(limit: number): Promise<DomainRecord[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM qr.domains d WHERE NOT d.disabled_by_admin ORDER BY d.last_checked_at NULLS FIRST LIMIT $1`, [limit]);
  }

  /** The hosts the redirect-service answers for: verified ones and those in their grace period. */
  claimed(): Promise<DomainRecord[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM qr.domains d WHERE d.state IN ('verified', 'misconfigured')`);
  }

  /** Whether another workspace holds the hostname verified (or in its grace period). */
  async claimedElsewhere(workspaceId: string, hostname: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM qr.domains WHERE hostname = $1 AND workspace_id <> $2 AND state IN ('verified', 'misconfigured') LIMIT 1`,
      [hostname, workspaceId],
    );
    return rows.length > 0;
  }

  count(workspaceId: string): Promise<number> {
    return this.db.query(`SELECT count(*)::int AS n FROM qr.domains WHERE workspace_id = $1`, [workspaceId]).then((rows: { n: number }[]) => rows[0].n);
  }

  /** Adds the domain; null when the workspace has it already. */
  async insert(workspaceId: string, hostname: string, token: string): Promise<string | null> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO qr.domains (workspace_id, hostname, token) VALUES ($1, $2, $3) ON CONFLICT (workspace_id, hostname) DO NOTHING RETURNING id`,
      [workspaceId, hostname, token],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Applies the changes; false when nothing changed: they would make a second workspace hold the
   * hostname verified (the partial unique index refuses it), or, with `seen`, the domain is no
   * longer in that state or an admin disabled it since it was read (a check never overwrites them).
   */
  async update(id: string, changes: DomainChanges, tx: EntityManager = this.db.manager, seen: DomainState | null = null): Promise<boolean> {
    const sets: string[] = [];
    const values: unknown[] = [id];
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      values.push(value);
      sets.push(`${COLUMN_OF[key as keyof DomainChanges]} = $${values.length}`);
    }
    if (sets.length === 0) return true;
    let guard = '';
    if (seen !== null) {
      values.push(seen);
      guard = ` AND state = $${values.length} AND NOT disabled_by_admin`;
    }
    try {
      const [rows] = (await tx.query(`UPDATE qr.domains SET ${sets.join(', ')} WHERE id = $1${guard} RETURNING id`, values)) as [unknown[], number];
      return rows.length > 0;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    }
  }

  /** Removes a domain no live code uses; answers the slugs its deleted codes kept there (null: in use or gone). */
  async delete(id: string): Promise<string[] | null> {
    return this.db.transaction(async (tx) => {
      const locked: unknown[] = await tx.query(`SELECT 1 FROM qr.domains WHERE id = $1 FOR UPDATE`, [id]);
      if (locked.length === 0) return null;
      const live: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM qr.codes WHERE domain_id = $1 AND deleted_at IS NULL`, [id]);
      if (live[0].n > 0) return null;
      const gone: { slug: string }[] = await tx.query(`SELECT slug FROM qr.codes WHERE domain_id = $1`, [id]);
      await tx.query(`DELETE FROM qr.domains WHERE id = $1`, [id]);
      return gone.map((row) => row.slug);
    });
  }
}
