import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { WORKSPACE_ROLES, type WorkspaceRole } from './roles';

/** The roles an invitation can give: an owner is made by a transfer the new owner accepts, never by invitation. */
export const INVITABLE_ROLES = WORKSPACE_ROLES.filter((role) => role !== 'owner') as Exclude<WorkspaceRole, 'owner'>[];
export type InvitableRole = Exclude<WorkspaceRole, 'owner'>;

/** Single-use invitation links last this long. */
export const INVITATION_TTL_DAYS = 7;

export class InviteMemberDto {
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email!: string;

  @IsIn(INVITABLE_ROLES, { message: `Choose a role: ${INVITABLE_ROLES.join(', ')}` })
  role!: InvitableRole;
}

export class ChangeMemberRoleDto {
  @IsIn(WORKSPACE_ROLES, { message: `Choose a role: ${WORKSPACE_ROLES.join(', ')}` })
  role!: WorkspaceRole;
}

/** Offers to transfer ownership last this long before they lapse. */
export const TRANSFER_TTL_DAYS = 7;
/** Shared workspaces one account may own at once. */
export const MAX_OWNED_WORKSPACES = 20;
export const WORKSPACE_NAME_MAX = 80;

/** A new shared workspace, or a new name for one. */
export class WorkspaceNameDto {
  @IsString({ message: 'Give the workspace a name' })
  @Matches(/\S/, { message: 'Give the workspace a name' })
  @MaxLength(WORKSPACE_NAME_MAX, { message: `A workspace name has at most ${WORKSPACE_NAME_MAX} characters` })
  name!: string;
}

/** Deleting a workspace asks for the owner's password, as deleting an account does. */
export class DeleteWorkspaceDto {
  @IsOptional()
  @IsString({ message: 'Enter your password to delete this workspace' })
  @MinLength(1, { message: 'Enter your password to delete this workspace' })
  @MaxLength(200, { message: 'Enter your password to delete this workspace' })
  currentPassword?: string;
}

export class OfferTransferDto {
  @IsUUID('all', { message: 'Choose the member who is to become the owner' })
  userId!: string;
}

/** A member as the workspace's members page shows them. */
export interface MemberView {
  userId: string;
  username: string;
  name: string | null;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
}

export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

/** An invitation as the workspace's admins see it (never its token). */
export interface InvitationView {
  id: string;
  email: string;
  role: InvitableRole;
  state: InvitationState;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  lastSentAt: string;
}

export interface WorkspaceMembersView {
  members: MemberView[];
  /** Invitations still waiting for an answer. */
  invitations: InvitationView[];
}

/** What the link's page shows before anyone signs in: whose workspace, which role, and whether it still works. */
export interface InvitationPreview {
  workspaceName: string;
  invitedBy: string | null;
  email: string;
  role: InvitableRole;
  state: InvitationState;
  /** Whether an account with the invited address exists (sign in) or not (sign up). */
  accountExists: boolean;
}

/** One workspace in the back office: who is in it, with what role; codes, scans and plan from their services. */
export interface AdminWorkspaceRow {
  id: string;
  name: string;
  personal: boolean;
  createdAt: string;
  members: { userId: string; username: string; role: WorkspaceRole }[];
  /** From the qr-service and the billing-service; null when that service did not answer in time. */
  codes: number | null;
  scans: number | null;
  plan: { status: string; interval: 'monthly' | 'annual'; seats: number } | null;
}

export interface AdminWorkspacePage {
  items: AdminWorkspaceRow[];
  total: number;
  page: number;
  pageSize: number;
}
