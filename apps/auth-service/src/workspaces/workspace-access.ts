import { can, DomainError, ErrorCode, isLanguage, isWorkspaceRole, Language, WorkspacePermission, WorkspaceRole } from '@qrd/contracts';
import type { EntityManager } from 'typeorm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A user's role in a workspace, or null when they are not a member (or either id is not one). */
export async function roleIn(db: Pick<EntityManager, 'query'>, workspaceId: string, userId: string, lock = false): Promise<WorkspaceRole | null> {
  if (!isUuid(workspaceId) || !isUuid(userId)) return null;
  const rows: { role: string }[] = await db.query(
    `SELECT role FROM auth.workspace_members WHERE workspace_id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [workspaceId, userId],
  );
  const role = rows[0]?.role;
  return isWorkspaceRole(role) ? role : null;
}

/**
 * The actor's role, when it holds `permission` there. Someone who is not a member learns nothing
 * about the workspace (404, as for a code of someone else's); a member without the permission is
 * told their role does not allow it (403).
 */
export async function requirePermission(
  db: Pick<EntityManager, 'query'>,
  workspaceId: string,
  actorId: string,
  permission: WorkspacePermission,
  lock = false,
): Promise<WorkspaceRole> {
  const role = await roleIn(db, workspaceId, actorId, lock);
  if (!role) throw new DomainError(ErrorCode.NotFound, 'Workspace not found');
  if (!can(role, permission)) throw new DomainError(ErrorCode.Forbidden, `Your role in this workspace (${role}) does not allow this`);
  return role;
}

/** Locks the workspace's row for the rest of the transaction: changes to one workspace are applied one after the other. 404 when there is none. */
export async function lockWorkspace(tx: Pick<EntityManager, 'query'>, workspaceId: string): Promise<{ personalOf: string | null; name: string }> {
  const rows: { personal_of: string | null; name: string }[] = isUuid(workspaceId)
    ? await tx.query(`SELECT personal_of, name FROM auth.workspaces WHERE id = $1 FOR UPDATE`, [workspaceId])
    : [];
  if (!rows.length) throw new DomainError(ErrorCode.NotFound, 'Workspace not found');
  return { personalOf: rows[0].personal_of, name: rows[0].name };
}

/** Who is told by mail about something in a workspace: its members holding one of `roles`, with the language each reads mail in. */
export async function workspaceRecipients(
  db: Pick<EntityManager, 'query'>,
  workspaceId: string,
  roles: readonly WorkspaceRole[],
): Promise<{ email: string; username: string; language: Language | null }[]> {
  if (!isUuid(workspaceId)) return [];
  const rows: { email: string; username: string; language: string | null }[] = await db.query(
    `SELECT u.email, u.username, u.language FROM auth.workspace_members m JOIN auth.users u ON u.id = m.user_id
      WHERE m.workspace_id = $1 AND m.role = ANY($2::text[]) ORDER BY m.joined_at, u.username`,
    [workspaceId, roles],
  );
  return rows.map((row) => ({ ...row, language: isLanguage(row.language) ? row.language : null }));
}
