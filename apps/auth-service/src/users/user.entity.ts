import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { isAdminRole, isLanguage, type Language, type UserRole, type UserStatus, type UserView } from '@qrd/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName!: string | null;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'text', default: 'user' })
  role!: UserRole;

  @Column({ type: 'text', default: 'active' })
  status!: UserStatus;

  /** A new address waiting for its confirmation link. */
  @Column({ name: 'pending_email', type: 'text', nullable: true })
  pendingEmail!: string | null;

  @Column({ name: 'pending_email_token_hash', type: 'text', nullable: true })
  pendingEmailTokenHash!: string | null;

  @Column({ name: 'pending_email_expires_at', type: 'timestamptz', nullable: true })
  pendingEmailExpiresAt!: Date | null;

  /** The authenticator secret, encrypted (two-factor/secret-box.ts); never leaves the auth-service after enrolment. */
  @Column({ name: 'totp_secret', type: 'text', nullable: true })
  totpSecret!: string | null;

  /** A secret being enrolled: becomes totpSecret once a code from the app proves it was saved. */
  @Column({ name: 'totp_pending_secret', type: 'text', nullable: true })
  totpPendingSecret!: string | null;

  @Column({ name: 'totp_enabled_at', type: 'timestamptz', nullable: true })
  totpEnabledAt!: Date | null;

  /** The last time step a code was accepted for: a code is never accepted twice. */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true })
  totpLastStep!: string | null;

  /** The language the account reads the product and its mail in; null until one is chosen. */
  @Column({ type: 'text', nullable: true })
  language!: Language | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** `requireAdminTwoFactor`: the operator's REQUIRE_ADMIN_2FA, to tell an admin they must enrol. */
export function toUserView(user: UserEntity, requireAdminTwoFactor = false): UserView {
  const twoFactorEnabled = user.totpEnabledAt !== null && user.totpSecret !== null;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
    pendingEmail: user.pendingEmailExpiresAt && user.pendingEmailExpiresAt > new Date() ? user.pendingEmail : null,
    twoFactorEnabled,
    twoFactorRequired: requireAdminTwoFactor && !twoFactorEnabled && isAdminRole(user.role),
    language: isLanguage(user.language) ? user.language : null,
  };
}
