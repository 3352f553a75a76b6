import type { ApiKeyPrincipal, ApiKeyView, CreateApiKeyDto, CreatedApiKey } from '../dto/api-key.dto';
import type { RecoveryCodesView, RegisterDto, TwoFactorSetupView, UpdateProfileDto } from '../dto/auth.dto';
import type { ProfilePictureFile } from '../dto/account-data.dto';
import type { UserRole, UserStatus, UserView } from './users';
import type { WorkspaceRole, WorkspaceView } from '../workspaces/roles';
import type { AdminWorkspaceRow, InvitableRole, InvitationPreview, InvitationView, WorkspaceMembersView } from '../workspaces/members.dto';
import type { AuditAction, AuditPage } from '../workspaces/audit.dto';

export enum AuthPattern {
  Register = 'auth.register',
  CheckAvailability = 'auth.check-availability',
  Login = 'auth.login',
  GetUser = 'auth.get-user',
  UpdateProfile = 'auth.update-profile',
  ChangePassword = 'auth.change-password',
  RequestPasswordReset = 'auth.request-password-reset',
  CheckResetToken = 'auth.check-reset-token',
  ResetPassword = 'auth.reset-password',
  ListUsers = 'auth.list-users',
  SetUserStatus = 'auth.set-user-status',
  SetUserRole = 'auth.set-user-role',
  CountUsers = 'auth.count-users',
  SendContactMessage = 'auth.send-contact-message',
  ConfirmEmailChange = 'auth.confirm-email-change',
  CancelEmailChange = 'auth.cancel-email-change',
  StartTwoFactor = 'auth.start-two-factor',
  EnableTwoFactor = 'auth.enable-two-factor',
  DisableTwoFactor = 'auth.disable-two-factor',
  VerifySecondFactor = 'auth.verify-second-factor',
  CreateApiKey = 'auth.create-api-key',
  ListApiKeys = 'auth.list-api-keys',
  RevokeApiKey = 'auth.revoke-api-key',
  /** The gateway asks who a key belongs to (by its SHA-256) and records where it was used. */
  VerifyApiKey = 'auth.verify-api-key',
  /** An account deleted by its owner (with the password) or by an admin. */
  DeleteUser = 'auth.delete-user',
  /** Store (checked and re-encoded) or remove the profile picture; answers the user with its new address. */
  SetProfilePicture = 'auth.set-profile-picture',
  GetProfilePicture = 'auth.get-profile-picture',
  /** The weekly scans report by mail: opted in or not. */
  GetWeeklyReport = 'auth.get-weekly-report',
  SetWeeklyReport = 'auth.set-weekly-report',
  /** The link in the report: a signed token, no session. */
  UnsubscribeWeeklyReport = 'auth.unsubscribe-weekly-report',
  /** The workspaces a user belongs to, with their role in each. */
  ListWorkspaces = 'auth.list-workspaces',
  /** A user's role in a workspace, or null: the gateway asks it for every request made in a shared workspace. */
  WorkspaceRole = 'auth.workspace-role',
  ListMembers = 'auth.list-members',
  InviteMember = 'auth.invite-member',
  ResendInvitation = 'auth.resend-invitation',
  RevokeInvitation = 'auth.revoke-invitation',
  PreviewInvitation = 'auth.preview-invitation',
  AcceptInvitation = 'auth.accept-invitation',
  ChangeMemberRole = 'auth.change-member-role',
  /** A member removed by an admin, or leaving (the actor is the member). */
  RemoveMember = 'auth.remove-member',
  AuditLog = 'auth.audit-log',
  AuditLogCsv = 'auth.audit-log-csv',
  CreateWorkspace = 'auth.create-workspace',
  RenameWorkspace = 'auth.rename-workspace',
  /** An owner deletes a shared workspace (with their password): its codes stop and its data goes. */
  DeleteWorkspace = 'auth.delete-workspace',
  OfferTransfer = 'auth.offer-transfer',
  AcceptTransfer = 'auth.accept-transfer',
  /** Withdrawn by an owner, or declined by the member it was offered to. */
  CancelTransfer = 'auth.cancel-transfer',
  /** Which of these workspaces exist (the billing reconciler ends subscriptions of the others). */
  ExistingWorkspaces = 'auth.existing-workspaces',
  /** The back office's list of workspaces (admins; checked again here). */
  AdminListWorkspaces = 'auth.admin-list-workspaces',
}

export interface WeeklyReportSetting {
  enabled: boolean;
  /** IANA zone the report's weeks run in (Monday to Sunday there); UTC until the account picks one. */
  timeZone: string;
}

export interface UserPage {
  items: UserView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AuthRequests {
  [AuthPattern.Register]: { req: Omit<RegisterDto, 'stripeCustomerId' | 'stripeSubscriptionId' | 'invitationToken'>; res: UserView };
  [AuthPattern.CheckAvailability]: {
    req: { username: string; email: string };
    res: { usernameTaken: boolean; emailTaken: boolean };
  };
  [AuthPattern.Login]: { req: { username: string; password: string }; res: UserView };
  [AuthPattern.GetUser]: { req: { userId: string }; res: UserView };
  [AuthPattern.UpdateProfile]: { req: UpdateProfileDto & { userId: string }; res: UserView };
  [AuthPattern.ChangePassword]: {
    req: { userId: string; currentPassword: string; newPassword: string };
    res: { ok: true };
  };
  [AuthPattern.RequestPasswordReset]: { req: { email: string }; res: { ok: true } };
  [AuthPattern.CheckResetToken]: { req: { token: string }; res: { valid: boolean } };
  [AuthPattern.ResetPassword]: { req: { token: string; password: string }; res: { userId: string } };
  [AuthPattern.ListUsers]: {
    req: { page: number; pageSize: number; search?: string; ids?: string[] };
    res: UserPage;
  };
  [AuthPattern.SetUserStatus]: { req: { actorId: string; userId: string; status: UserStatus }; res: UserView };
  [AuthPattern.SetUserRole]: { req: { actorId: string; userId: string; role: UserRole }; res: UserView };
  [AuthPattern.CountUsers]: { req: Record<string, never>; res: { total: number } };
  [AuthPattern.SendContactMessage]: {
    req: { name: string; email: string; message: string };
    res: { ok: true };
  };
  /** Makes the pending address the account's email; answers it. */
  [AuthPattern.ConfirmEmailChange]: { req: { token: string }; res: { email: string } };
  [AuthPattern.CancelEmailChange]: { req: { userId: string }; res: UserView };
  /** Checks the password and keeps a new secret pending until EnableTwoFactor proves the app has it. */
  [AuthPattern.StartTwoFactor]: { req: { userId: string; currentPassword: string }; res: TwoFactorSetupView };
  [AuthPattern.EnableTwoFactor]: { req: { userId: string; code: string }; res: RecoveryCodesView };
  [AuthPattern.DisableTwoFactor]: { req: { userId: string; currentPassword: string; code: string }; res: { ok: true } };
  /** An authenticator code (each used once) or a recovery code (used up); answers the user. */
  [AuthPattern.VerifySecondFactor]: { req: { userId: string; code: string }; res: UserView };
  [AuthPattern.CreateApiKey]: { req: CreateApiKeyDto & { userId: string; workspaceId: string }; res: CreatedApiKey };
  [AuthPattern.ListApiKeys]: { req: { workspaceId: string }; res: ApiKeyView[] };
  /** Answers the revoked key's hash, so the gateway can drop it from its cache at once. */
  [AuthPattern.RevokeApiKey]: { req: { workspaceId: string; userId: string; keyId: string }; res: { keyHash: string } };
  [AuthPattern.VerifyApiKey]: { req: { keyHash: string; ip: string | null }; res: ApiKeyPrincipal };
  /**
   * The owner deletes their own account with `currentPassword`; an admin deletes another's. Answers
   * the deleted API keys' hashes, so the gateway drops them from its cache at once.
   */
  [AuthPattern.DeleteUser]: { req: { actorId: string; userId: string; currentPassword?: string }; res: { keyHashes: string[] } };
  [AuthPattern.SetProfilePicture]: { req: { userId: string; imageBase64: string | null }; res: UserView };
  [AuthPattern.GetProfilePicture]: { req: { userId: string; ifNoneMatch?: string }; res: ProfilePictureFile };
  [AuthPattern.GetWeeklyReport]: { req: { userId: string }; res: WeeklyReportSetting };
  [AuthPattern.SetWeeklyReport]: { req: { userId: string; enabled: boolean; timeZone?: string }; res: WeeklyReportSetting };
  [AuthPattern.UnsubscribeWeeklyReport]: { req: { token: string }; res: WeeklyReportSetting };
  [AuthPattern.ListWorkspaces]: { req: { userId: string }; res: WorkspaceView[] };
  [AuthPattern.WorkspaceRole]: { req: { userId: string; workspaceId: string }; res: { role: WorkspaceRole | null } };
  [AuthPattern.ListMembers]: { req: { actorId: string; workspaceId: string }; res: WorkspaceMembersView };
  [AuthPattern.InviteMember]: { req: { actorId: string; workspaceId: string; email: string; role: InvitableRole }; res: InvitationView };
  [AuthPattern.ResendInvitation]: { req: { actorId: string; workspaceId: string; invitationId: string }; res: InvitationView };
  [AuthPattern.RevokeInvitation]: { req: { actorId: string; workspaceId: string; invitationId: string }; res: InvitationView };
  [AuthPattern.PreviewInvitation]: { req: { token: string }; res: InvitationPreview };
  [AuthPattern.AcceptInvitation]: { req: { token: string; userId: string }; res: WorkspaceView };
  /** With the hashes of the member's API keys revoked by the change (a role that may not hold keys), for the gateway to drop at once. */
  [AuthPattern.ChangeMemberRole]: { req: { actorId: string; workspaceId: string; userId: string; role: WorkspaceRole }; res: { members: WorkspaceMembersView; keyHashes: string[] } };
  /** Answers the hashes of the member's API keys there, revoked with the membership, for the gateway to drop at once. */
  [AuthPattern.RemoveMember]: { req: { actorId: string; workspaceId: string; userId: string }; res: { removed: true; keyHashes: string[] } };
  [AuthPattern.AuditLog]: { req: { actorId: string; workspaceId: string; action?: AuditAction; cursor?: string; limit?: number }; res: AuditPage };
  [AuthPattern.AdminListWorkspaces]: {
    req: { actorId: string; page: number; pageSize: number; search?: string; sharedOnly: boolean };
    res: { items: Omit<AdminWorkspaceRow, 'codes' | 'scans' | 'plan'>[]; total: number; page: number; pageSize: number };
  };
  [AuthPattern.AuditLogCsv]: { req: { actorId: string; workspaceId: string; action?: AuditAction }; res: { csv: string } };
  [AuthPattern.CreateWorkspace]: { req: { actorId: string; name: string }; res: WorkspaceView };
  [AuthPattern.RenameWorkspace]: { req: { actorId: string; workspaceId: string; name: string }; res: WorkspaceView };
  /** Answers the hashes of the workspace's API keys, deleted with it, for the gateway to drop at once. */
  [AuthPattern.DeleteWorkspace]: { req: { actorId: string; workspaceId: string; currentPassword?: string }; res: { keyHashes: string[] } };
  [AuthPattern.OfferTransfer]: { req: { actorId: string; workspaceId: string; userId: string }; res: WorkspaceView };
  [AuthPattern.AcceptTransfer]: { req: { actorId: string; workspaceId: string }; res: WorkspaceView };
  [AuthPattern.CancelTransfer]: { req: { actorId: string; workspaceId: string }; res: { cancelled: true } };
  [AuthPattern.ExistingWorkspaces]: { req: { ids: string[] }; res: { ids: string[] } };
}
