import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { DomainError, DomainEvent, ErrorCode, isAdminRole } from '@qrd/contracts';
import { accountDeletedMail } from '../mail/templates';
import { MailQueue } from '../mail/mail.queue';
import { AccountEvents } from '../users/account-events';
import { assertCurrentPassword } from '../users/current-password';
import { PasswordHasher } from '../users/password-hasher';
import { UserEntity } from '../users/user.entity';
import { WorkspaceLifecycleService } from '../workspaces/workspace-lifecycle.service';

/**
 * Deletes an account: its row (and with it, by cascade, its API keys, recovery codes and reset
 * links) goes in the same transaction that records `user.deleted`; the qr-service and the
 * billing-service erase what they hold of the user when the event reaches them, and the gateway
 * ends every session.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly db: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly events: AccountEvents,
    private readonly mail: MailQueue,
    private readonly workspaces: WorkspaceLifecycleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async delete(actorId: string, userId: string, currentPassword: string | undefined): Promise<{ keyHashes: string[] }> {
    const users = this.db.getRepository(UserEntity);
    const [actor, user] = await Promise.all([users.findOneBy({ id: actorId }), users.findOneBy({ id: userId })]);
    if (!actor || !user) throw new DomainError(ErrorCode.NotFound, 'User not found');
    const own = actor.id === user.id;
    if (own) {
      await assertCurrentPassword(this.hasher, user, currentPassword, 'Enter your password to delete your account');
    } else {
      if (!isAdminRole(actor.role)) throw new DomainError(ErrorCode.Forbidden, 'Only an admin can delete another account');
      if (isAdminRole(user.role) && actor.role !== 'superadmin') {
        throw new DomainError(ErrorCode.Forbidden, 'Only a superadmin can delete an admin account');
      }
    }

    const { keyHashes, events } = await this.db.transaction(async (tx) => {
      // Shared workspaces it alone owns: one with nobody else in it goes with the account; one with
      // other members needs a new owner (or to be deleted) first, or they would be left without one.
      const owned: { id: string; name: string; members: number }[] = await tx.query(
        `SELECT w.id, w.name, (SELECT count(*) FROM auth.workspace_members c WHERE c.workspace_id = w.id)::int AS members
           FROM auth.workspace_members m JOIN auth.workspaces w ON w.id = m.workspace_id
          WHERE m.user_id = $1 AND m.role = 'owner' AND w.personal_of IS NULL
            AND NOT EXISTS (SELECT 1 FROM auth.workspace_members o WHERE o.workspace_id = w.id AND o.role = 'owner' AND o.user_id <> $1)
          ORDER BY lower(w.name) FOR UPDATE OF w`,
        [user.id],
      );
      const shared = owned.filter((workspace) => workspace.members > 1);
      if (shared.length) {
        const names = shared.map((workspace) => `"${workspace.name}"`).join(', ');
        throw new DomainError(
          ErrorCode.Conflict,
          `${own ? 'You are' : 'This account is'} the only owner of ${names}, which others use: hand its ownership to another member or delete it first`,
        );
      }
      const hashes: string[] = [];
      const recorded: string[] = [];
      for (const workspace of owned) {
        const gone = await this.workspaces.deleteLocked(tx, workspace.id);
        hashes.push(...gone.keyHashes);
        recorded.push(gone.event);
      }
      // Its keys, and those its members made in its personal workspace: all go with it.
      const keys: { key_hash: string }[] = await tx.query(`SELECT key_hash FROM auth.api_keys WHERE user_id = $1 OR workspace_id = $1`, [user.id]);
      await tx.delete(UserEntity, { id: user.id });
      recorded.push(await this.events.record(tx, DomainEvent.UserDeleted, { userId: user.id }));
      return { keyHashes: [...hashes, ...keys.map((k) => k.key_hash)], events: recorded };
    });
    await this.events.deliver(events);
    await this.events.forgetUser(user.id);
    try {
      await this.mail.enqueue(accountDeletedMail(user.email, user.username, !own, this.config.publicBaseUrl, user.language));
    } catch (error) {
      // The account is gone either way; the mail is a courtesy.
      this.logger.error({ err: error, userId: user.id }, 'could not queue the account-deleted mail');
    }
    this.logger.info({ userId: user.id, byAdmin: !own ? actor.id : undefined }, 'account deleted');
    return { keyHashes };
  }
}
