import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests, DomainEvent, EventPayloads } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { AuditLog } from './audit-log';
import { InvitationsService } from './invitations.service';
import { MembersService } from './members.service';
import { TransfersService } from './transfers.service';
import { WorkspaceLifecycleService } from './workspace-lifecycle.service';
import { WorkspacesService } from './workspaces.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

@MessageController()
export class WorkspacesHandlers {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly members: MembersService,
    private readonly invitations: InvitationsService,
    private readonly audit: AuditLog,
    private readonly lifecycle: WorkspaceLifecycleService,
    private readonly transfers: TransfersService,
  ) {}

  @EventPattern(DomainEvent.WorkspaceActivity)
  onActivity(@Payload() activity: EventPayloads[DomainEvent.WorkspaceActivity]): Promise<void> {
    return this.audit.recordActivity(activity);
  }

  @MessagePattern(AuthPattern.CreateWorkspace)
  create(@Payload() req: Req<AuthPattern.CreateWorkspace>): Res<AuthPattern.CreateWorkspace> {
    return this.lifecycle.create(req.actorId, req.name);
  }

  @MessagePattern(AuthPattern.RenameWorkspace)
  rename(@Payload() req: Req<AuthPattern.RenameWorkspace>): Res<AuthPattern.RenameWorkspace> {
    return this.lifecycle.rename(req.actorId, req.workspaceId, req.name);
  }

  @MessagePattern(AuthPattern.DeleteWorkspace)
  deleteWorkspace(@Payload() req: Req<AuthPattern.DeleteWorkspace>): Res<AuthPattern.DeleteWorkspace> {
    return this.lifecycle.delete(req.actorId, req.workspaceId, req.currentPassword);
  }

  @MessagePattern(AuthPattern.OfferTransfer)
  offerTransfer(@Payload() req: Req<AuthPattern.OfferTransfer>): Res<AuthPattern.OfferTransfer> {
    return this.transfers.offer(req.actorId, req.workspaceId, req.userId);
  }

  @MessagePattern(AuthPattern.AcceptTransfer)
  acceptTransfer(@Payload() req: Req<AuthPattern.AcceptTransfer>): Res<AuthPattern.AcceptTransfer> {
    return this.transfers.accept(req.actorId, req.workspaceId);
  }

  @MessagePattern(AuthPattern.CancelTransfer)
  cancelTransfer(@Payload() req: Req<AuthPattern.CancelTransfer>): Res<AuthPattern.CancelTransfer> {
    return this.transfers.cancel(req.actorId, req.workspaceId);
  }

  @MessagePattern(AuthPattern.ExistingWorkspaces)
  existing(@Payload() req: Req<AuthPattern.ExistingWorkspaces>): Res<AuthPattern.ExistingWorkspaces> {
    return this.workspaces.existing(Array.isArray(req.ids) ? req.ids : []);
  }

  @MessagePattern(AuthPattern.AuditLog)
  auditLog(@Payload() req: Req<AuthPattern.AuditLog>): Res<AuthPattern.AuditLog> {
    return this.audit.page(req.actorId, req.workspaceId, { action: req.action, cursor: req.cursor, limit: req.limit });
  }

  @MessagePattern(AuthPattern.AuditLogCsv)
  async auditLogCsv(@Payload() req: Req<AuthPattern.AuditLogCsv>): Res<AuthPattern.AuditLogCsv> {
    return { csv: await this.audit.csv(req.actorId, req.workspaceId, req.action) };
  }

  @MessagePattern(AuthPattern.ListWorkspaces)
  list(@Payload() req: Req<AuthPattern.ListWorkspaces>): Res<AuthPattern.ListWorkspaces> {
    return this.workspaces.list(req.userId);
  }

  @MessagePattern(AuthPattern.AdminListWorkspaces)
  adminList(@Payload() req: Req<AuthPattern.AdminListWorkspaces>): Res<AuthPattern.AdminListWorkspaces> {
    return this.workspaces.adminList(req);
  }

  @MessagePattern(AuthPattern.WorkspaceRole)
  role(@Payload() req: Req<AuthPattern.WorkspaceRole>): Res<AuthPattern.WorkspaceRole> {
    return this.workspaces.role(req.userId, req.workspaceId);
  }

  @MessagePattern(AuthPattern.ListMembers)
  listMembers(@Payload() req: Req<AuthPattern.ListMembers>): Res<AuthPattern.ListMembers> {
    return this.members.list(req.actorId, req.workspaceId);
  }

  @MessagePattern(AuthPattern.ChangeMemberRole)
  changeRole(@Payload() req: Req<AuthPattern.ChangeMemberRole>): Res<AuthPattern.ChangeMemberRole> {
    return this.members.changeRole(req.actorId, req.workspaceId, req.userId, req.role);
  }

  @MessagePattern(AuthPattern.RemoveMember)
  remove(@Payload() req: Req<AuthPattern.RemoveMember>): Res<AuthPattern.RemoveMember> {
    return this.members.remove(req.actorId, req.workspaceId, req.userId);
  }

  @MessagePattern(AuthPattern.InviteMember)
  invite(@Payload() req: Req<AuthPattern.InviteMember>): Res<AuthPattern.InviteMember> {
    return this.invitations.invite(req.actorId, req.workspaceId, req.email, req.role);
  }

  @MessagePattern(AuthPattern.ResendInvitation)
  resend(@Payload() req: Req<AuthPattern.ResendInvitation>): Res<AuthPattern.ResendInvitation> {
    return this.invitations.resend(req.actorId, req.workspaceId, req.invitationId);
  }

  @MessagePattern(AuthPattern.RevokeInvitation)
  revoke(@Payload() req: Req<AuthPattern.RevokeInvitation>): Res<AuthPattern.RevokeInvitation> {
    return this.invitations.revoke(req.actorId, req.workspaceId, req.invitationId);
  }

  @MessagePattern(AuthPattern.PreviewInvitation)
  preview(@Payload() req: Req<AuthPattern.PreviewInvitation>): Res<AuthPattern.PreviewInvitation> {
    return this.invitations.preview(String(req.token ?? ''));
  }

  @MessagePattern(AuthPattern.AcceptInvitation)
  accept(@Payload() req: Req<AuthPattern.AcceptInvitation>): Res<AuthPattern.AcceptInvitation> {
    return this.invitations.accept(String(req.token ?? ''), req.userId);
  }
}
