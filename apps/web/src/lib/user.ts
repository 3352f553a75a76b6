import type { UserRole, UserView } from '@qrd/contracts';

/** The signed-in user as GET /api/auth/user returns it. */
export type User = UserView;

type NameParts = Pick<User, 'firstName' | 'lastName' | 'email'>;

/** Avatar fallback (spec section 2): first+last initials, else the email's first letter, else 'U'. */
export function getInitials(user: Partial<NameParts> | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const email = user?.email?.trim();
  if (email) return email[0].toUpperCase();
  return 'U';
}

/** "First Last" when any name is set, else the username. */
export function getDisplayName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const full = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return full || user.username;
}

/** Same rule as isAdminRole in @qrd/contracts, kept here so the entry chunk does not load the DTOs. */
export function isAdmin(user: { role: UserRole } | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'superadmin';
}
