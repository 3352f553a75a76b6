import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { UserPlan } from '../messages/billing.messages';
import { USER_ROLES, USER_STATUSES, UserRole, UserStatus, UserView } from '../messages/users';

/**
 * Bodies and answers of the account and admin routes (profile, password and reset bodies are in
 * auth.dto.ts). Shared by the gateway's validation pipe and the web app.
 */

/** The answer to a reset request, the same whether or not the address belongs to an account. */
export const RESET_REQUEST_ACCEPTED = "If an account exists with that email, we've sent a password reset link.";
export const CONTACT_ACCEPTED = 'Thank you, your message has been sent.';

export class SetUserStatusDto {
  @IsIn(USER_STATUSES, { message: 'Status must be active or suspended' })
  status!: UserStatus;
}

export class SetUserRoleDto {
  @IsIn(USER_ROLES, { message: 'Role must be user, admin or superadmin' })
  role!: UserRole;
}

export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;

/** Query of GET /api/admin/users; numbers arrive as strings in a query. */
export class ListUsersQueryDto {
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,5}$/, { message: 'Page must be a positive whole number' })
  page?: string;

  @IsOptional()
  @Matches(/^[1-9][0-9]{0,2}$/, { message: `Page size must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}` })
  pageSize?: string;

  @IsOptional()
  @IsString({ message: 'Search must be text' })
  @MaxLength(100, { message: 'Search must be at most 100 characters' })
  search?: string;
}

/** The back office's workspaces: the user list's parameters, and `shared=true` for those with more than one member. */
export class ListWorkspacesQueryDto extends ListUsersQueryDto {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'Shared must be true or false' })
  shared?: 'true' | 'false';
}

/**
 * One row of the admin user table. `codes`, `scans` and `plan` come from the qr- and
 * billing-services; they are null when that service did not answer in time.
 */
export interface AdminUserRow extends UserView {
  codes: number | null;
  scans: number | null;
  plan: UserPlan | null;
}

export interface AdminUserPage {
  items: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}
