import type { Language } from '../languages';

export const USER_ROLES = ['user', 'admin', 'superadmin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The user as every caller sees it; never carries the password hash. */
export interface UserView {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  status: UserStatus;
  createdAt: string;
  /** A new address waiting for its confirmation link; `email` stays the login and reset address until then. */
  pendingEmail: string | null;
  /** Sign-in asks for a code from an authenticator app (or a recovery code) after the password. */
  twoFactorEnabled: boolean;
  /** An admin who must turn on two-factor sign-in before using the admin area (REQUIRE_ADMIN_2FA). */
  twoFactorRequired: boolean;
  /** The language the account reads the product and its mail in; null until one is chosen (mail is then in English). */
  language: Language | null;
  /** How many workspaces the account belongs to, its personal one included (GET /api/auth/user only). */
  workspaceCount?: number;
}

export function isAdminRole(role: UserRole): boolean {
  return role === 'admin' || role === 'superadmin';
}
