import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AdminWorkspaceRow, AuthRequests, AuthPattern, DomainError, ErrorCode, isAdminRole, isWorkspaceRole, PendingTransferView, permissionsOf, WorkspaceRole, WorkspaceView } from '@qrd/contracts';
import { UsersRepository } from '../users/users.repository';
import { isUuid, roleIn } from './workspace-access';

/**
 * A workspace's name as `viewer` sees it: someone else's personal workspace is "alice's workspace"
 * (every personal one is called Personal by its owner).
 */
export function workspaceName(alias: string, viewer: string): string {
  return `CASE WHEN ${alias}.personal_of IS NOT NULL AND ${alias}.personal_of IS DISTINCT FROM ${viewer}
    THEN (SELECT u.username || '''s workspace' FROM auth.users u WHERE u.id = ${alias}.personal_of) ELSE ${alias}.name END`;
}

interface WorkspaceRow {
  id: string;
  name: string;
  personal: boolean;
  role: string;
  member_count: number;
  created_at: Date;
  transfer: (Omit<PendingTransferView, 'createdAt' | 'expiresAt'> & { createdAt: string; expiresAt: string }) | null;
}

/** Workspaces and their members (docs/workspaces.md); every account has its personal one. */
@Injectable()
export class WorkspacesService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UsersRepository,
  ) {}

  /**
   * The back office's list: every workspace (or only those shared with someone), newest first,
   * with its members; searched by workspace name, or a member's username or email.
   */
  async adminList(input: AuthRequests[AuthPattern.AdminListWorkspaces]['req']): Promise<AuthRequests[AuthPattern.AdminListWorkspaces]['res']> {
    const actor = await this.users.findById(input.actorId);
    if (!actor || !isAdminRole(actor.role)) throw new DomainError(ErrorCode.Forbidden, "You don't have permission to do this");
    const page = Math.max(1, Math.floor(input.page));
    const pageSize = Math.min(100, Math.max(1, Math.floor(input.pageSize)));
    const search = input.search?.trim() ? `%${input.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const filter = `($1::text IS NULL OR w.name ILIKE $1 OR EXISTS (
        SELECT 1 FROM auth.workspace_members sm JOIN auth.users su ON su.id = sm.user_id
         WHERE sm.workspace_id = w.id AND (su.username ILIKE $1 OR su.email ILIKE $1)))
      AND (NOT $2::boolean OR (SELECT count(*) FROM auth.workspace_members c WHERE c.workspace_id = w.id) > 1)`;
    const [{ total }]: { total: number }[] = await this.db.query(`SELECT count(*)::int AS total FROM auth.workspaces w WHERE ${filter}`, [search, input.sharedOnly]);
    const rows: { id: string; name: string; personal: boolean; created_at: Date; members: { userId: string; username: string; role: string }[] }[] = await this.db.query(
      `SELECT w.id, ${workspaceName('w', 'NULL::uuid')} AS name, w.personal_of IS NOT NULL AS personal, w.created_at,
              (SELECT json_agg(json_build_object('userId', m.user_id, 'username', u.username, 'role', m.role)
                        ORDER BY array_position(ARRAY['owner', 'admin', 'editor', 'billing', 'viewer'], m.role), u.username)
                 FROM auth.workspace_members m JOIN auth.users u ON u.id = m.user_id WHERE m.workspace_id = w.id) AS members
         FROM auth.workspaces w WHERE ${filter}
        ORDER BY w.created_at DESC, w.id LIMIT $3 OFFSET $4`,
      [search, input.sharedOnly, pageSize, (page - 1) * pageSize],
    );
    const items: Omit<AdminWorkspaceRow, 'codes' | 'scans' | 'plan'>[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      personal: row.personal,
      createdAt: row.created_at.toISOString(),
      members: (row.members ?? []).flatMap((m) => (isWorkspaceRole(m.role) ? [{ userId: m.userId, username: m.username, role: m.role }] : [])),
    }));
    return { items, total, page, pageSize };
  }

  /** One of the user's workspaces as they see it (after a change), or 404. */
  async one(userId: string, workspaceId: string, db: Pick<EntityManager, 'query'> = this.db): Promise<WorkspaceView> {
    const found = (await this.list(userId, db)).find((workspace) => workspace.id === workspaceId);
    if (!found) throw new DomainError(ErrorCode.NotFound, 'Workspace not found');
    return found;
  }

  /** Which of these ids name a workspace that exists. */
  async existing(ids: string[]): Promise<{ ids: string[] }> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return { ids: [] };
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM auth.workspaces WHERE id = ANY($1::uuid[])`, [valid]);
    return { ids: rows.map((row) => row.id) };
  }

  /** The user's role in the workspace, or null: asked by the gateway for each request in a shared workspace. */
  async role(userId: string, workspaceId: string): Promise<{ role: WorkspaceRole | null }> {
    return { role: await roleIn(this.db, workspaceId, userId) };
  }

  /** The user's workspaces: their personal one first, then the others by name. */
  async list(userId: string, db: Pick<EntityManager, 'query'> = this.db): Promise<WorkspaceView[]> {
    const rows: WorkspaceRow[] = await db.query(
      `SELECT w.id, ${workspaceName('w', '$1')} AS name, w.personal_of IS NOT NULL AS personal, m.role, w.created_at,
              (SELECT count(*) FROM auth.workspace_members c WHERE c.workspace_id = w.id)::int AS member_count,
              (SELECT json_build_object('fromUserId', t.from_user, 'fromUsername', fu.username, 'toUserId', t.to_user, 'toUsername', tu.username,
                                        'createdAt', t.created_at, 'expiresAt', t.expires_at)
                 FROM auth.workspace_transfers t JOIN auth.users fu ON fu.id = t.from_user JOIN auth.users tu ON tu.id = t.to_user
                WHERE t.workspace_id = w.id AND t.expires_at > now() AND (m.role = 'owner' OR t.to_user = $1)) AS transfer
         FROM auth.workspace_members m JOIN auth.workspaces w ON w.id = m.workspace_id
        WHERE m.user_id = $1
        ORDER BY w.personal_of = $1 DESC NULLS LAST, lower(w.name), w.id`,
      [userId],
    );
    return rows.flatMap((row) =>
      isWorkspaceRole(row.role)
        ? [
            {
              id: row.id,
              name: row.name,
              personal: row.personal,
              role: row.role,
              permissions: permissionsOf(row.role),
              memberCount: row.member_count,
              createdAt: row.created_at.toISOString(),
              transfer: row.transfer
                ? { ...row.transfer, createdAt: new Date(row.transfer.createdAt).toISOString(), expiresAt: new Date(row.transfer.expiresAt).toISOString() }
                : null,
            },
          ]
        : [],
    );
  }
}
