import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError, ErrorCode, TRANSFER_TTL_DAYS, WorkspaceView } from '@qrd/contracts';
import { AuditLog } from './audit-log';
import { lockWorkspace, requirePermission, roleIn } from './workspace-access';
import { WorkspacesService } from './workspaces.service';

interface TransferRow {
  from_user: string;
  to_user: string;
  expires_at: Date;
}

/**
 * Ownership passes from an owner to another member only when that member accepts: the owner
 * offers (one offer open per workspace, a new one replaces it), the member accepts or declines,
 * the owner may withdraw. On acceptance the member becomes an owner and the one who offered
 * becomes an admin, in one transaction under the workspace's lock, so two answers at once give one
 * result. A personal workspace is not transferred: it is its account's.
 */
@Injectable()
export class TransfersService {
  constructor(
    private readonly db: DataSource,
    private readonly workspaces: WorkspacesService,
    private readonly audit: AuditLog,
  ) {}

  async offer(actorId: string, workspaceId: string, userId: string): Promise<WorkspaceView> {
    return this.db.transaction(async (tx) => {
      const workspace = await lockWorkspace(tx, workspaceId);
      await requirePermission(tx, workspaceId, actorId, 'workspace.owner');
      if (workspace.personalOf) {
        throw new DomainError(ErrorCode.Conflict, 'A personal workspace stays with its account: create a shared workspace to hand one over');
      }
      if (userId === actorId) throw new DomainError(ErrorCode.Conflict, 'You already own this workspace');
      const target = await roleIn(tx, workspaceId, userId);
      if (!target) throw new DomainError(ErrorCode.NotFound, 'That person is not a member of this workspace: invite them first');
      if (target === 'owner') throw new DomainError(ErrorCode.Conflict, 'That member is already an owner');
      await tx.query(
        `INSERT INTO auth.workspace_transfers (workspace_id, from_user, to_user, expires_at) VALUES ($1, $2, $3, now() + make_interval(days => $4))
         ON CONFLICT (workspace_id) DO UPDATE SET from_user = EXCLUDED.from_user, to_user = EXCLUDED.to_user, created_at = now(), expires_at = EXCLUDED.expires_at`,
        [workspaceId, actorId, userId, TRANSFER_TTL_DAYS],
      );
      await this.audit.record(tx, { workspaceId, actorId, action: 'ownership.offered', targetUserId: userId, details: { role: target } });
      return this.workspaces.one(actorId, workspaceId, tx);
    });
  }

  async accept(actorId: string, workspaceId: string): Promise<WorkspaceView> {
    return this.db.transaction(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      const role = await roleIn(tx, workspaceId, actorId);
      if (!role) throw new DomainError(ErrorCode.NotFound, 'Workspace not found');
      const transfer = await this.pending(tx, workspaceId);
      if (!transfer || transfer.to_user !== actorId) throw new DomainError(ErrorCode.Gone, 'There is no offer of ownership for you in this workspace any more');
      if (transfer.expires_at.getTime() <= Date.now()) throw new DomainError(ErrorCode.Gone, 'This offer of ownership has expired: ask the owner to offer it again');
      // The offer stands only while the one who made it is still an owner.
      if ((await roleIn(tx, workspaceId, transfer.from_user)) !== 'owner') {
        await this.clear(tx, workspaceId);
        throw new DomainError(ErrorCode.Gone, 'The member who offered ownership is no longer an owner: the offer has lapsed');
      }
      await tx.query(`UPDATE auth.workspace_members SET role = 'owner' WHERE workspace_id = $1 AND user_id = $2`, [workspaceId, actorId]);
      await tx.query(`UPDATE auth.workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2`, [workspaceId, transfer.from_user]);
      await this.clear(tx, workspaceId);
      await this.audit.record(tx, { workspaceId, actorId, action: 'ownership.transferred', targetUserId: transfer.from_user, details: { from: role, to: 'owner' } });
      return this.workspaces.one(actorId, workspaceId, tx);
    });
  }

  /** An owner withdraws the offer, or the member it names declines it. */
  async cancel(actorId: string, workspaceId: string): Promise<{ cancelled: true }> {
    return this.db.transaction(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      const role = await roleIn(tx, workspaceId, actorId);
      if (!role) throw new DomainError(ErrorCode.NotFound, 'Workspace not found');
      const transfer = await this.pending(tx, workspaceId);
      const declining = transfer?.to_user === actorId;
      if (!transfer) throw new DomainError(ErrorCode.Gone, 'There is no offer of ownership to withdraw');
      if (!declining && role !== 'owner') throw new DomainError(ErrorCode.Forbidden, `Your role in this workspace (${role}) does not allow this`);
      await this.clear(tx, workspaceId);
      await this.audit.record(tx, {
        workspaceId,
        actorId,
        action: declining ? 'ownership.declined' : 'ownership.withdrawn',
        targetUserId: transfer.to_user,
      });
      return { cancelled: true as const };
    });
  }

  private async pending(tx: EntityManager, workspaceId: string): Promise<TransferRow | null> {
    const rows: TransferRow[] = await tx.query(`SELECT from_user, to_user, expires_at FROM auth.workspace_transfers WHERE workspace_id = $1`, [workspaceId]);
    return rows[0] ?? null;
  }

  private async clear(tx: EntityManager, workspaceId: string): Promise<void> {
    await tx.query(`DELETE FROM auth.workspace_transfers WHERE workspace_id = $1`, [workspaceId]);
  }
}
