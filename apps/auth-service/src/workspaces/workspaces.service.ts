import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isWorkspaceRole, permissionsOf, WorkspaceRole, WorkspaceView } from '@qrd/contracts';
import { roleIn } from './workspace-access';

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
}

/** Workspaces and their members (docs/workspaces.md); every account has its personal one. */
@Injectable()
export class WorkspacesService {
  constructor(private readonly db: DataSource) {}

  /** The user's role in the workspace, or null: asked by the gateway for each request in a shared workspace. */
  async role(userId: string, workspaceId: string): Promise<{ role: WorkspaceRole | null }> {
    return { role: await roleIn(this.db, workspaceId, userId) };
  }

  /** The user's workspaces: their personal one first, then the others by name. */
  async list(userId: string): Promise<WorkspaceView[]> {
    const rows: WorkspaceRow[] = await this.db.query(
      `SELECT w.id, ${workspaceName('w', '$1')} AS name, w.personal_of IS NOT NULL AS personal, m.role, w.created_at,
              (SELECT count(*) FROM auth.workspace_members c WHERE c.workspace_id = w.id)::int AS member_count
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
            },
          ]
        : [],
    );
  }
}
