import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  AuditPage,
  AuditQueryDto,
  AuthPattern,
  ChangeMemberRoleDto,
  DeleteWorkspaceDto,
  InvitationPreview,
  InvitationView,
  InviteMemberDto,
  OfferTransferDto,
  WorkspaceMembersView,
  WorkspaceNameDto,
  WorkspaceView,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { LIMITS } from '../auth/limits';
import { ApiKeyAuthenticator } from '../public-api/api-key-authenticator';
import { RateLimiter } from '../sessions/rate-limiter';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';

/**
 * Workspaces, their members and invitations (docs/workspaces.md). What a member may do is checked
 * by the auth-service against the role matrix, under a lock of the workspace.
 */
@Controller('api')
export class WorkspacesController {
  constructor(
    private readonly bus: MessageBus,
    private readonly apiKeys: ApiKeyAuthenticator,
    private readonly limiter: RateLimiter,
  ) {}

  /** The workspaces the signed-in user belongs to, with their role and permissions in each. */
  @Get('workspaces')
  @Access('user')
  list(@CurrentSession() session: Session): Promise<WorkspaceView[]> {
    return this.bus.request(AuthPattern.ListWorkspaces, { userId: session.userId });
  }

  /** A new shared workspace, owned by the signed-in user (who pays for its codes). */
  @Post('workspaces')
  @Access('user')
  @HttpCode(201)
  create(@CurrentSession() session: Session, @Body() dto: WorkspaceNameDto): Promise<WorkspaceView> {
    return this.bus.request(AuthPattern.CreateWorkspace, { actorId: session.userId, name: dto.name });
  }

  /** An owner renames a shared workspace. */
  @Patch('workspaces/:workspaceId')
  @Access('user')
  rename(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Body() dto: WorkspaceNameDto): Promise<WorkspaceView> {
    return this.bus.request(AuthPattern.RenameWorkspace, { actorId: session.userId, workspaceId, name: dto.name });
  }

  /** An owner deletes a shared workspace with their password: its codes stop redirecting and its data is erased. */
  @Delete('workspaces/:workspaceId')
  @Access('user')
  @HttpCode(204)
  async delete(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Body() dto: DeleteWorkspaceDto): Promise<void> {
    // A password is checked: guesses are limited as for every other re-authentication.
    await this.limiter.hit(LIMITS.reauthPerUser(session.userId));
    const { keyHashes } = await this.bus.request(AuthPattern.DeleteWorkspace, { actorId: session.userId, workspaceId, currentPassword: dto.currentPassword });
    await Promise.all(keyHashes.map((hash) => this.apiKeys.forget(hash)));
  }

  /** An owner offers ownership to a member; it passes when that member accepts. */
  @Post('workspaces/:workspaceId/transfer')
  @Access('user')
  @HttpCode(200)
  offerTransfer(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Body() dto: OfferTransferDto): Promise<WorkspaceView> {
    return this.bus.request(AuthPattern.OfferTransfer, { actorId: session.userId, workspaceId, userId: dto.userId });
  }

  /** The member offered ownership accepts it: they become an owner, the one who offered an admin. */
  @Post('workspaces/:workspaceId/transfer/accept')
  @Access('user')
  @HttpCode(200)
  acceptTransfer(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string): Promise<WorkspaceView> {
    return this.bus.request(AuthPattern.AcceptTransfer, { actorId: session.userId, workspaceId });
  }

  /** An owner withdraws the offer, or the member offered declines it. */
  @Delete('workspaces/:workspaceId/transfer')
  @Access('user')
  @HttpCode(204)
  async cancelTransfer(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string): Promise<void> {
    await this.bus.request(AuthPattern.CancelTransfer, { actorId: session.userId, workspaceId });
  }

  @Get('workspaces/:workspaceId/members')
  @Access('user')
  members(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string): Promise<WorkspaceMembersView> {
    return this.bus.request(AuthPattern.ListMembers, { actorId: session.userId, workspaceId });
  }

  @Patch('workspaces/:workspaceId/members/:userId')
  @Access('user')
  async changeRole(
    @CurrentSession() session: Session,
    @Param('workspaceId') workspaceId: string,
    @Param('userId') userId: string,
    @Body() dto: ChangeMemberRoleDto,
  ): Promise<WorkspaceMembersView> {
    const { members, keyHashes } = await this.bus.request(AuthPattern.ChangeMemberRole, { actorId: session.userId, workspaceId, userId, role: dto.role });
    // A role that may not hold API keys revokes the member's keys there: no replica may accept a cached one.
    await Promise.all(keyHashes.map((hash) => this.apiKeys.forget(hash)));
    return members;
  }

  /** An admin removes a member; a member removes themself to leave. */
  @Delete('workspaces/:workspaceId/members/:userId')
  @Access('user')
  @HttpCode(204)
  async remove(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Param('userId') userId: string): Promise<void> {
    const { keyHashes } = await this.bus.request(AuthPattern.RemoveMember, { actorId: session.userId, workspaceId, userId });
    // The member's API keys there are revoked with the membership: no replica may accept a cached one.
    await Promise.all(keyHashes.map((hash) => this.apiKeys.forget(hash)));
  }

  @Post('workspaces/:workspaceId/invitations')
  @Access('user')
  @HttpCode(201)
  invite(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Body() dto: InviteMemberDto): Promise<InvitationView> {
    return this.bus.request(AuthPattern.InviteMember, { actorId: session.userId, workspaceId, email: dto.email, role: dto.role });
  }

  @Post('workspaces/:workspaceId/invitations/:invitationId/resend')
  @Access('user')
  @HttpCode(200)
  resend(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Param('invitationId') invitationId: string): Promise<InvitationView> {
    return this.bus.request(AuthPattern.ResendInvitation, { actorId: session.userId, workspaceId, invitationId });
  }

  @Delete('workspaces/:workspaceId/invitations/:invitationId')
  @Access('user')
  @HttpCode(200)
  revoke(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Param('invitationId') invitationId: string): Promise<InvitationView> {
    return this.bus.request(AuthPattern.RevokeInvitation, { actorId: session.userId, workspaceId, invitationId });
  }

  /** Who did what in the workspace (members, invitations, roles), newest first; for admins and owners. */
  @Get('workspaces/:workspaceId/audit')
  @Access('user')
  audit(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Query() query: AuditQueryDto): Promise<AuditPage> {
    return this.bus.request(AuthPattern.AuditLog, {
      actorId: session.userId,
      workspaceId,
      action: query.action,
      cursor: query.cursor,
      limit: query.limit === undefined ? undefined : Number(query.limit),
    });
  }

  /** The same log as CSV (one action, or all). */
  @Get('workspaces/:workspaceId/audit.csv')
  @Access('user')
  async auditCsv(@CurrentSession() session: Session, @Param('workspaceId') workspaceId: string, @Query() query: AuditQueryDto, @Res() res: Response): Promise<void> {
    const { csv } = await this.bus.request(AuthPattern.AuditLogCsv, { actorId: session.userId, workspaceId, action: query.action });
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="workspace-audit-log.csv"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(csv);
  }

  /** The invitation link's page, before signing in: whose workspace, which role, still valid or not. */
  @Get('invitations/:token')
  @Access('public')
  preview(@Param('token') token: string): Promise<InvitationPreview> {
    return this.bus.request(AuthPattern.PreviewInvitation, { token });
  }

  @Post('invitations/:token/accept')
  @Access('user')
  @HttpCode(200)
  accept(@CurrentSession() session: Session, @Param('token') token: string): Promise<WorkspaceView> {
    return this.bus.request(AuthPattern.AcceptInvitation, { token, userId: session.userId });
  }
}
