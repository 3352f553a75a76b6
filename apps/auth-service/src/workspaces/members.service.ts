import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  can,
  DomainError,
  ErrorCode,
  InvitableRole,
  InvitationView,
  isWorkspaceRole,
  mayChangeMember,
  MemberView,
  WorkspaceMembersView,
  WorkspaceRole,
} from '@qrd/contracts';
import { AuditLog } from './audit-log';
import { lockWorkspace, requirePermission, roleIn } from './workspace-access';

interface MemberRow {
  user_id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  role: string;
  joined_at: Date;
}

export interface InvitationRow {
  id: string;
  email: string;
  role: InvitableRole;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  last_sent_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

export function toInvitationView(row: InvitationRow): InvitationView {
  const state = row.accepted_at ? 'accepted' : row.revoked_at ? 'revoked' : row.expires_at.getTime() <= Date.now() ? 'expired' : 'pending';
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    state,
    invitedBy: row.invited_by,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    lastSentAt: row.last_sent_at.toISOString(),
  };
}

/**
 * Who is in a workspace and with which role. Every change locks the workspace's row first, so two
 * admins changing one member at once are applied one after the other, each checked against what
 * the other left (the last owner is never demoted or removed by a race).
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditLog,
  ) {}

  async list(actorId: string, workspaceId: string, db: Pick<EntityManager, 'query'> = this.db): Promise<WorkspaceMembersView> {
    const role = await requirePermission(db, workspaceId, actorId, 'members.read');
    const members: MemberRow[] = await db.query(
      `SELECT m.user_id, u.username, u.first_name, u.last_name, u.email, m.role, m.joined_at
         FROM auth.workspace_members m JOIN auth.users u ON u.id = m.user_id
        WHERE m.workspace_id = $1
        ORDER BY array_position(ARRAY['owner', 'admin', 'editor', 'billing', 'viewer'], m.role), lower(u.username)`,
      [workspaceId],
    );
    // Open invitations are for those who manage members; the others see who is in.
    const invitations: InvitationRow[] = can(role, 'members.manage')
      ? await db.query(
          `SELECT id, email, role, invited_by, created_at, expires_at, last_sent_at, accepted_at, revoked_at
             FROM auth.workspace_invitations WHERE workspace_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL
            ORDER BY created_at DESC`,
          [workspaceId],
        )
      : [];
    return { members: members.flatMap(toMemberView), invitations: invitations.map(toInvitationView) };
  }

  /** The new members list, and the hashes of the member's API keys the change revoked (a role that may not hold keys). */
  async changeRole(actorId: string, workspaceId: string, userId: string, next: WorkspaceRole): Promise<{ members: WorkspaceMembersView; keyHashes: string[] }> {
    if (!isWorkspaceRole(next)) throw new DomainError(ErrorCode.Validation, 'Choose a role', { role: 'Choose a role' });
    return this.db.transaction(async (tx) => {
      const { actor, target, personalOf } = await this.lockPair(tx, workspaceId, actorId, userId);
      this.assertMayChange(actor, target, next, actorId === userId);
      if (next === target) return { members: await this.list(actorId, workspaceId, tx), keyHashes: [] };
      if (next === 'owner') {
        throw new DomainError(ErrorCode.Conflict, 'A member becomes an owner by accepting a transfer of ownership, not by a change of role');
      }
      if (personalOf === userId) throw new DomainError(ErrorCode.Conflict, 'This is their personal workspace: they stay its owner');
      if (target === 'owner') await this.assertAnotherOwner(tx, workspaceId);
      await tx.query(`UPDATE auth.workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2`, [workspaceId, userId, next]);
      await this.audit.record(tx, { workspaceId, actorId, action: 'member.role_changed', targetUserId: userId, details: { from: target, to: next } });
      const keyHashes = can(next, 'integrations.manage') ? [] : await this.revokeKeys(tx, workspaceId, userId);
      return { members: await this.list(actorId, workspaceId, tx), keyHashes };
    });
  }

  /** An admin removes a member, or a member leaves (actor and member the same). Access ends with the next request. */
  async remove(actorId: string, workspaceId: string, userId: string): Promise<{ removed: true; keyHashes: string[] }> {
    const keyHashes = await this.db.transaction(async (tx) => {
      const self = actorId === userId;
      const { actor, target, personalOf } = await this.lockPair(tx, workspaceId, actorId, userId);
      if (!self) this.assertMayChange(actor, target, null, false);
      if (personalOf === userId) {
        throw new DomainError(ErrorCode.Conflict, self ? 'You cannot leave your personal workspace' : 'This is their personal workspace: they cannot be removed from it');
      }
      if (target === 'owner') await this.assertAnotherOwner(tx, workspaceId, self ? 'You are its last owner: hand ownership to another member (Workspace settings) before you leave' : undefined);
      await tx.query(`DELETE FROM auth.workspace_members WHERE workspace_id = $1 AND user_id = $2`, [workspaceId, userId]);
      // An offer of ownership to or from them lapses with the membership.
      await tx.query(`DELETE FROM auth.workspace_transfers WHERE workspace_id = $1 AND $2 IN (from_user, to_user)`, [workspaceId, userId]);
      await this.audit.record(tx, { workspaceId, actorId, action: self ? 'member.left' : 'member.removed', targetUserId: userId, details: { role: target } });
      // The API keys the member made there stop with the membership.
      return this.revokeKeys(tx, workspaceId, userId);
    });
    return { removed: true, keyHashes };
  }

  /** Revokes the API keys `userId` made in the workspace; answers their hashes. */
  private async revokeKeys(tx: EntityManager, workspaceId: string, userId: string): Promise<string[]> {
    const [revoked]: [{ key_hash: string }[], number] = await tx.query(
      `UPDATE auth.api_keys SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING key_hash`,
      [workspaceId, userId],
    );
    return revoked.map((row) => row.key_hash);
  }

  /** Locks the workspace, then reads both roles: the actor must be a member, the target one too. */
  private async lockPair(tx: EntityManager, workspaceId: string, actorId: string, userId: string) {
    const { personalOf } = await lockWorkspace(tx, workspaceId);
    const actor = await roleIn(tx, workspaceId, actorId);
    if (!actor) throw new DomainError(ErrorCode.NotFound, 'Workspace not found');
    const target = await roleIn(tx, workspaceId, userId);
    if (!target) throw new DomainError(ErrorCode.NotFound, 'That person is not a member of this workspace');
    return { actor, target, personalOf };
  }

  private assertMayChange(actor: WorkspaceRole, target: WorkspaceRole, next: WorkspaceRole | null, self: boolean): void {
    if (mayChangeMember(actor, target, next, self)) return;
    if (self) throw new DomainError(ErrorCode.Forbidden, 'You cannot change your own role');
    if (target === 'owner' || next === 'owner') throw new DomainError(ErrorCode.Forbidden, 'Only an owner can change or remove an owner');
    throw new DomainError(ErrorCode.Forbidden, `Your role in this workspace (${actor}) does not allow managing members`);
  }

  private async assertAnotherOwner(tx: EntityManager, workspaceId: string, message = 'A workspace needs an owner: it would have none left'): Promise<void> {
    const [{ owners }]: { owners: number }[] = await tx.query(
      `SELECT count(*)::int AS owners FROM auth.workspace_members WHERE workspace_id = $1 AND role = 'owner'`,
      [workspaceId],
    );
    if (owners <= 1) throw new DomainError(ErrorCode.Conflict, message);
  }
}

function toMemberView(row: MemberRow): MemberView[] {
  if (!isWorkspaceRole(row.role)) return [];
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || null;
  return [{ userId: row.user_id, username: row.username, name, email: row.email, role: row.role, joinedAt: row.joined_at.toISOString() }];
}
