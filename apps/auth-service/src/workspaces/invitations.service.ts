import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import {
  DomainError,
  ErrorCode,
  INVITABLE_ROLES,
  InvitableRole,
  INVITATION_TTL_DAYS,
  InvitationPreview,
  InvitationView,
  isLanguage,
  Language,
  WorkspaceView,
} from '@qrd/contracts';
import { MailQueue } from '../mail/mail.queue';
import { workspaceInvitationMail } from '../mail/templates';
import { UsersRepository } from '../users/users.repository';
import { AuditLog } from './audit-log';
import { InvitationRow, toInvitationView } from './members.service';
import { isUuid, lockWorkspace, requirePermission } from './workspace-access';
import { workspaceName, WorkspacesService } from './workspaces.service';

/** Invitations (sent or sent again) one workspace may send in an hour. */
export const INVITATIONS_PER_HOUR = 20;
/** An invitation is sent again at most this often. */
const RESEND_INTERVAL_SECONDS = 60;
const TOKEN_BYTES = 32;
const MAX_TOKEN_LENGTH = 200;
const COLUMNS = 'id, email, role, invited_by, created_at, expires_at, last_sent_at, accepted_at, revoked_at';

interface SentInvitation {
  row: InvitationRow;
  token: string;
  inviter: string;
  workspace: string;
  /** The owner's username when the workspace is someone's personal one. */
  personalOf: string | null;
  /** The mail's language: the invited address's own account's, else the inviter's. */
  language: Language | null;
}

/**
 * Invitations to a workspace by mail: a single-use link whose token is stored only as its hash,
 * valid INVITATION_TTL_DAYS days. Whoever opens it signs in (or signs up, without paying) with the
 * invited address and joins with the invited role; accepted twice at once, it joins once.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UsersRepository,
    private readonly workspaces: WorkspacesService,
    private readonly mail: MailQueue,
    private readonly audit: AuditLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async invite(actorId: string, workspaceId: string, emailInput: string, role: InvitableRole): Promise<InvitationView> {
    if (!INVITABLE_ROLES.includes(role)) throw new DomainError(ErrorCode.Validation, 'Choose a role', { role: `Choose a role: ${INVITABLE_ROLES.join(', ')}` });
    // Addresses are kept as accounts keep theirs: lower case.
    const email = String(emailInput ?? '').trim().toLowerCase();
    const sent = await this.db.transaction(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      await requirePermission(tx, workspaceId, actorId, 'members.manage');
      const member: unknown[] = await tx.query(
        `SELECT 1 FROM auth.workspace_members m JOIN auth.users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND lower(u.email) = lower($2)`,
        [workspaceId, email],
      );
      if (member.length) throw new DomainError(ErrorCode.Conflict, `${email} is already a member of this workspace`);
      await this.assertHourlyLimit(tx, workspaceId);
      // An expired invitation to the same address makes way for the new one.
      await tx.query(
        `UPDATE auth.workspace_invitations SET revoked_at = now()
          WHERE workspace_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at <= now()`,
        [workspaceId, email],
      );
      const token = newToken();
      const rows: InvitationRow[] = await tx.query(
        `INSERT INTO auth.workspace_invitations (workspace_id, email, role, token_hash, invited_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))
         ON CONFLICT (workspace_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL DO NOTHING
         RETURNING ${COLUMNS}`,
        [workspaceId, email, role, hash(token), actorId, INVITATION_TTL_DAYS],
      );
      if (!rows.length) throw new DomainError(ErrorCode.Conflict, `${email} has already been invited: send the invitation again instead`);
      await this.audit.record(tx, { workspaceId, actorId, action: 'member.invited', invitationId: rows[0].id, details: { role } });
      return this.describe(tx, rows[0], token, workspaceId, actorId);
    });
    await this.send(sent);
    return toInvitationView(sent.row);
  }

  /** A new link (the old one stops working) and a new expiry, mailed again. */
  async resend(actorId: string, workspaceId: string, invitationId: string): Promise<InvitationView> {
    const sent = await this.db.transaction(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      await requirePermission(tx, workspaceId, actorId, 'members.manage');
      const current = await this.openInvitation(tx, workspaceId, invitationId);
      if (Date.now() - current.last_sent_at.getTime() < RESEND_INTERVAL_SECONDS * 1000) {
        throw new DomainError(ErrorCode.RateLimited, 'This invitation was sent less than a minute ago: wait a moment before sending it again');
      }
      await this.assertHourlyLimit(tx, workspaceId);
      const token = newToken();
      // TypeORM answers an UPDATE with [rows, count].
      const [rows]: [InvitationRow[], number] = await tx.query(
        `UPDATE auth.workspace_invitations SET token_hash = $2, expires_at = now() + make_interval(days => $3), last_sent_at = now(), invited_by = $4
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [current.id, hash(token), INVITATION_TTL_DAYS, actorId],
      );
      await this.audit.record(tx, { workspaceId, actorId, action: 'invitation.resent', invitationId: current.id, details: { role: current.role } });
      return this.describe(tx, rows[0], token, workspaceId, actorId);
    });
    await this.send(sent);
    return toInvitationView(sent.row);
  }

  async revoke(actorId: string, workspaceId: string, invitationId: string): Promise<InvitationView> {
    return this.db.transaction(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      await requirePermission(tx, workspaceId, actorId, 'members.manage');
      const current = await this.openInvitation(tx, workspaceId, invitationId);
      const [rows]: [InvitationRow[], number] = await tx.query(`UPDATE auth.workspace_invitations SET revoked_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [current.id]);
      await this.audit.record(tx, { workspaceId, actorId, action: 'invitation.revoked', invitationId: current.id, details: { role: current.role } });
      return toInvitationView(rows[0]);
    });
  }

  /** What the link's page shows, signed in or not. */
  async preview(token: string): Promise<InvitationPreview> {
    const rows: (InvitationRow & { workspace_name: string; inviter: string | null })[] = valid(token)
      ? await this.db.query(
          `SELECT i.id, i.email, i.role, i.invited_by, i.created_at, i.expires_at, i.last_sent_at, i.accepted_at, i.revoked_at,
                  ${workspaceName('w', 'NULL::uuid')} AS workspace_name, u.username AS inviter
             FROM auth.workspace_invitations i JOIN auth.workspaces w ON w.id = i.workspace_id
             LEFT JOIN auth.users u ON u.id = i.invited_by
            WHERE i.token_hash = $1`,
          [hash(token)],
        )
      : [];
    if (!rows.length) throw invalidLink();
    const row = rows[0];
    return {
      workspaceName: row.workspace_name,
      invitedBy: row.inviter,
      email: row.email,
      role: row.role,
      state: toInvitationView(row).state,
      accountExists: (await this.users.findByEmail(row.email)) !== null,
    };
  }

  /** Joins the signed-in user, whose address must be the invited one; the link is then used up. */
  async accept(token: string, userId: string): Promise<WorkspaceView> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(ErrorCode.Unauthenticated, 'Sign in to accept the invitation');
    const workspaceId = await this.db.transaction(async (tx) => {
      const rows: (InvitationRow & { workspace_id: string })[] = valid(token)
        ? await tx.query(`SELECT ${COLUMNS}, workspace_id FROM auth.workspace_invitations WHERE token_hash = $1 FOR UPDATE`, [hash(token)])
        : [];
      if (!rows.length) throw invalidLink();
      const invitation = rows[0];
      assertUsable(toInvitationView(invitation).state);
      if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new DomainError(ErrorCode.Forbidden, `This invitation is for ${invitation.email}: sign in with the account of that address`);
      }
      await tx.query(
        `INSERT INTO auth.workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (workspace_id, user_id) DO NOTHING`,
        [invitation.workspace_id, userId, invitation.role],
      );
      await tx.query(`UPDATE auth.workspace_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [invitation.id, userId]);
      await this.audit.record(tx, {
        workspaceId: invitation.workspace_id,
        actorId: userId,
        action: 'member.joined',
        targetUserId: userId,
        invitationId: invitation.id,
        details: { role: invitation.role },
      });
      return invitation.workspace_id;
    });
    return this.workspaces.one(userId, workspaceId);
  }

  /** A pending or expired invitation (sending again renews an expired one; withdrawing ends it). */
  private async openInvitation(tx: EntityManager, workspaceId: string, invitationId: string): Promise<InvitationRow> {
    const rows: InvitationRow[] = isUuid(invitationId)
      ? await tx.query(`SELECT ${COLUMNS} FROM auth.workspace_invitations WHERE id = $1 AND workspace_id = $2`, [invitationId, workspaceId])
      : [];
    if (!rows.length) throw new DomainError(ErrorCode.NotFound, 'Invitation not found');
    const state = toInvitationView(rows[0]).state;
    if (state === 'accepted') throw new DomainError(ErrorCode.Conflict, 'This invitation has already been accepted');
    if (state === 'revoked') throw new DomainError(ErrorCode.Conflict, 'This invitation has been withdrawn');
    return rows[0];
  }

  private async assertHourlyLimit(tx: EntityManager, workspaceId: string): Promise<void> {
    const [{ sent }]: { sent: number }[] = await tx.query(
      `SELECT count(*)::int AS sent FROM auth.workspace_invitations WHERE workspace_id = $1 AND last_sent_at > now() - interval '1 hour'`,
      [workspaceId],
    );
    if (sent >= INVITATIONS_PER_HOUR) {
      throw new DomainError(ErrorCode.RateLimited, `This workspace has sent ${INVITATIONS_PER_HOUR} invitations in the last hour: try again later`);
    }
  }

  private async describe(tx: EntityManager, row: InvitationRow, token: string, workspaceId: string, actorId: string): Promise<SentInvitation> {
    const [names]: { workspace: string; personal_of: string | null; inviter: string; invitee_language: string | null; inviter_language: string | null }[] =
      await tx.query(
        `SELECT w.name AS workspace, (SELECT o.username FROM auth.users o WHERE o.id = w.personal_of) AS personal_of,
                u.username AS inviter, u.language AS inviter_language,
                (SELECT i.language FROM auth.users i WHERE lower(i.email) = lower($3)) AS invitee_language
           FROM auth.workspaces w, auth.users u WHERE w.id = $1 AND u.id = $2`,
        [workspaceId, actorId, row.email],
      );
    const language = [names.invitee_language, names.inviter_language].find(isLanguage) ?? null;
    return { row, token, workspace: names.workspace, personalOf: names.personal_of, inviter: names.inviter, language };
  }

  /** After the commit: the mail queue is durable, and a lost mail is one "send again" away. */
  private async send({ row, token, inviter, workspace, personalOf, language }: SentInvitation): Promise<void> {
    const link = `${this.config.publicBaseUrl}/invitations/${token}`;
    try {
      await this.mail.enqueue(workspaceInvitationMail(row.email, { inviter, workspace, personalOf, role: row.role, link, expiresAt: row.expires_at }, language));
    } catch (error) {
      this.logger.error({ err: error, invitationId: row.id }, 'could not queue the invitation mail; it can be sent again');
    }
  }
}

function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

function valid(token: string): boolean {
  return typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;
}

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function invalidLink(): DomainError {
  return new DomainError(ErrorCode.Gone, 'This invitation link is not valid');
}

function assertUsable(state: InvitationView['state']): void {
  if (state === 'accepted') throw new DomainError(ErrorCode.Gone, 'This invitation has already been used');
  if (state === 'revoked') throw new DomainError(ErrorCode.Gone, 'This invitation has been withdrawn');
  if (state === 'expired') throw new DomainError(ErrorCode.Gone, 'This invitation has expired: ask for a new one');
}
