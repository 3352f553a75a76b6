import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { LOGGER, Logger } from '@qrd/config';
import { DomainError, DomainEvent, ErrorCode, MAX_OWNED_WORKSPACES, WORKSPACE_NAME_MAX, WorkspaceView } from '@qrd/contracts';
import { AccountEvents } from '../users/account-events';
import { assertCurrentPassword } from '../users/current-password';
import { PasswordHasher } from '../users/password-hasher';
import { UserEntity } from '../users/user.entity';
import { AuditLog } from './audit-log';
import { lockWorkspace, requirePermission } from './workspace-access';
import { WorkspacesService } from './workspaces.service';

function cleanName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '';
  if (!trimmed) throw new DomainError(ErrorCode.Validation, 'Give the workspace a name', { name: 'Give the workspace a name' });
  if (trimmed.length > WORKSPACE_NAME_MAX) {
    const message = `A workspace name has at most ${WORKSPACE_NAME_MAX} characters`;
    throw new DomainError(ErrorCode.Validation, message, { name: message });
  }
  return trimmed;
}

/**
 * Shared workspaces: created by anyone (who becomes their owner and pays for their codes), renamed
 * and deleted by an owner. A personal workspace is neither renamed nor deleted on its own: it goes
 * with its account.
 */
@Injectable()
export class WorkspaceLifecycleService {
  constructor(
    private readonly db: DataSource,
    private readonly workspaces: WorkspacesService,
    private readonly audit: AuditLog,
    private readonly events: AccountEvents,
    private readonly hasher: PasswordHasher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(actorId: string, name: string): Promise<WorkspaceView> {
    const clean = cleanName(name);
    const id = await this.db.transaction(async (tx) => {
      // The account's row is the lock: two creations at once are counted one after the other.
      const actor: unknown[] = await tx.query(`SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE`, [actorId]);
      if (!actor.length) throw new DomainError(ErrorCode.Unauthenticated, 'Sign in again');
      const [{ owned }]: { owned: number }[] = await tx.query(
        `SELECT count(*)::int AS owned FROM auth.workspace_members m JOIN auth.workspaces w ON w.id = m.workspace_id
          WHERE m.user_id = $1 AND m.role = 'owner' AND w.personal_of IS NULL`,
        [actorId],
      );
      if (owned >= MAX_OWNED_WORKSPACES) {
        throw new DomainError(ErrorCode.Conflict, `You own ${MAX_OWNED_WORKSPACES} shared workspaces, the most one account can: delete one you no longer use first`);
      }
      const [{ id }]: { id: string }[] = await tx.query(`INSERT INTO auth.workspaces (name) VALUES ($1) RETURNING id`, [clean]);
      await tx.query(`INSERT INTO auth.workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, actorId]);
      await this.audit.record(tx, { workspaceId: id, actorId, action: 'workspace.created', details: { name: clean } });
      return id;
    });
    this.logger.info({ workspaceId: id, userId: actorId }, 'workspace created');
    return this.workspaces.one(actorId, id);
  }

  async rename(actorId: string, workspaceId: string, name: string): Promise<WorkspaceView> {
    const clean = cleanName(name);
    return this.db.transaction(async (tx) => {
      const workspace = await this.lockShared(tx, workspaceId, actorId, 'Your personal workspace keeps its name: create a shared workspace to name one');
      if (workspace.name !== clean) {
        await tx.query(`UPDATE auth.workspaces SET name = $2 WHERE id = $1`, [workspaceId, clean]);
        await this.audit.record(tx, { workspaceId, actorId, action: 'workspace.renamed', details: { from: workspace.name, to: clean } });
      }
      return this.workspaces.one(actorId, workspaceId, tx);
    });
  }

  /**
   * An owner deletes a shared workspace with their password: its members, invitations, API keys
   * and audit log go in this transaction, which also records `workspace.deleted`; the qr-service
   * (codes, which answer 410 from then on, folders, webhooks, exports, scans) and the
   * billing-service (the subscription ends now) erase the rest when it reaches them.
   */
  async delete(actorId: string, workspaceId: string, currentPassword: string | undefined): Promise<{ keyHashes: string[] }> {
    const actor = await this.db.getRepository(UserEntity).findOneBy({ id: actorId });
    if (!actor) throw new DomainError(ErrorCode.Unauthenticated, 'Sign in again');
    // Who may is checked before the password, so a member who may not learns nothing from a guess.
    await requirePermission(this.db, workspaceId, actorId, 'workspace.owner');
    await assertCurrentPassword(this.hasher, actor, currentPassword, 'Enter your password to delete this workspace');
    const { keyHashes, event } = await this.db.transaction(async (tx) => {
      await this.lockShared(tx, workspaceId, actorId, 'Your personal workspace goes only with your account: delete the account to delete it');
      return this.deleteLocked(tx, workspaceId);
    });
    await this.events.deliver([event]);
    this.logger.info({ workspaceId, userId: actorId }, 'workspace deleted');
    return { keyHashes };
  }

  /** Within a transaction holding the workspace's lock: deletes it and records the event; answers its keys' hashes. */
  async deleteLocked(tx: EntityManager, workspaceId: string): Promise<{ keyHashes: string[]; event: string }> {
    const keys: { key_hash: string }[] = await tx.query(`SELECT key_hash FROM auth.api_keys WHERE workspace_id = $1`, [workspaceId]);
    await tx.query(`DELETE FROM auth.workspaces WHERE id = $1`, [workspaceId]);
    const event = await this.events.record(tx, DomainEvent.WorkspaceDeleted, { workspaceId });
    return { keyHashes: keys.map((key) => key.key_hash), event };
  }

  /** Locks a shared workspace the actor owns (404 for a non-member, 403 for another role, 409 for a personal one). */
  private async lockShared(tx: EntityManager, workspaceId: string, actorId: string, personalMessage: string) {
    const workspace = await lockWorkspace(tx, workspaceId);
    await requirePermission(tx, workspaceId, actorId, 'workspace.owner');
    if (workspace.personalOf) throw new DomainError(ErrorCode.Conflict, personalMessage);
    return workspace;
  }
}
