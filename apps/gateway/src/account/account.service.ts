import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import {
  AuthPattern,
  ChangePasswordDto,
  ContactDto,
  CurrentPasswordDto,
  DomainError,
  DisableTwoFactorDto,
  PasswordResetDto,
  PasswordResetRequestDto,
  RecoveryCodesView,
  SecondFactorCodeDto,
  TwoFactorSetupView,
  UpdateProfileDto,
  UserView,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { availabilityLimits, LIMITS } from '../auth/limits';
import { ApiKeyAuthenticator } from '../public-api/api-key-authenticator';
import { RateLimiter } from '../sessions/rate-limiter';
import { SessionCookie } from '../sessions/session-cookie';
import { Session, SessionStore } from '../sessions/session.store';

/** Profile, password, password reset and the contact form: the auth-service does the work. */
@Injectable()
export class AccountService {
  constructor(
    private readonly bus: MessageBus,
    private readonly sessions: SessionStore,
    private readonly limiter: RateLimiter,
    private readonly cookie: SessionCookie,
    private readonly apiKeys: ApiKeyAuthenticator,
  ) {}

  /**
   * The auth-service deletes the account and tells the other services (user.deleted); here every
   * session of it ends at once, its API keys stop working on every replica, and the cookie goes.
   */
  async deleteAccount(session: Session, dto: CurrentPasswordDto, res: Response): Promise<void> {
    await this.limiter.hit(LIMITS.reauthPerUser(session.userId));
    const { keyHashes } = await this.bus.request(AuthPattern.DeleteUser, {
      actorId: session.userId,
      userId: session.userId,
      currentPassword: dto.currentPassword,
    });
    await Promise.all(keyHashes.map((hash) => this.apiKeys.forget(hash)));
    await this.sessions.destroyAllForUser(session.userId);
    this.cookie.clear(res);
  }

  /**
   * The answer may be "that email (or username) is taken": limited like the signup check. A new
   * username or email needs the current password (checked by the auth-service, guesses limited here).
   */
  async updateProfile(session: Session, dto: UpdateProfileDto, ip: string | undefined): Promise<UserView> {
    await this.limiter.hit(...availabilityLimits(ip, session.id));
    if (!dto.currentPassword) return this.bus.request(AuthPattern.UpdateProfile, { ...dto, userId: session.userId });
    // Only a wrong current password counts as a guess: a right one (saved, or refused for another
    // reason such as an email already taken) is given back.
    const guess = LIMITS.reauthPerUser(session.userId);
    await this.limiter.hit(guess);
    try {
      const user = await this.bus.request(AuthPattern.UpdateProfile, { ...dto, userId: session.userId });
      await this.limiter.refund(guess);
      return user;
    } catch (error) {
      if (!(error instanceof DomainError && error.fields?.currentPassword)) await this.limiter.refund(guess);
      throw error;
    }
  }

  confirmEmailChange(token: string): Promise<{ email: string }> {
    return this.bus.request(AuthPattern.ConfirmEmailChange, { token });
  }

  cancelEmailChange(session: Session): Promise<UserView> {
    return this.bus.request(AuthPattern.CancelEmailChange, { userId: session.userId });
  }

  async startTwoFactor(session: Session, dto: CurrentPasswordDto): Promise<TwoFactorSetupView> {
    await this.limiter.hit(LIMITS.reauthPerUser(session.userId));
    return this.bus.request(AuthPattern.StartTwoFactor, { userId: session.userId, currentPassword: dto.currentPassword });
  }

  /**
   * Sessions opened without the second factor end; this one, which just proved it, counts as
   * signed in with it (REQUIRE_ADMIN_2FA).
   */
  async enableTwoFactor(session: Session, dto: SecondFactorCodeDto): Promise<RecoveryCodesView> {
    await this.limiter.hit(LIMITS.reauthPerUser(session.userId));
    const codes = await this.bus.request(AuthPattern.EnableTwoFactor, { userId: session.userId, code: dto.code });
    await this.sessions.destroyAllForUser(session.userId, session.id);
    await this.sessions.setTwoFactor(session.id, true);
    return codes;
  }

  /** Every other session ends; this one no longer counts as signed in with a second factor. */
  async disableTwoFactor(session: Session, dto: DisableTwoFactorDto): Promise<void> {
    await this.limiter.hit(LIMITS.reauthPerUser(session.userId));
    await this.bus.request(AuthPattern.DisableTwoFactor, { userId: session.userId, currentPassword: dto.currentPassword, code: dto.code });
    await this.sessions.destroyAllForUser(session.userId, session.id);
    await this.sessions.setTwoFactor(session.id, false);
  }

  /** Every other session of the user ends; the one that changed the password stays signed in. */
  async changePassword(session: Session, dto: ChangePasswordDto): Promise<void> {
    await this.limiter.hit(LIMITS.changePasswordPerUser(session.userId));
    await this.bus.request(AuthPattern.ChangePassword, {
      userId: session.userId,
      currentPassword: dto.currentPassword,
      newPassword: dto.newPassword,
    });
    await this.sessions.destroyAllForUser(session.userId, session.id);
  }

  /**
   * The same answer, after the same work (two counters and one queued job), whether or not the
   * address belongs to an account; the lookup and the mail happen later in the auth-service's queue.
   */
  async requestPasswordReset(dto: PasswordResetRequestDto, ip: string | undefined): Promise<void> {
    const email = dto.email.trim().toLowerCase();
    await this.limiter.hit(LIMITS.resetPerIp(ip), LIMITS.resetPerEmail(email));
    await this.bus.request(AuthPattern.RequestPasswordReset, { email });
  }

  checkResetToken(token: string): Promise<{ valid: boolean }> {
    return this.bus.request(AuthPattern.CheckResetToken, { token });
  }

  /** A completed reset ends every session of the user at once (not only when the event arrives). */
  async resetPassword(dto: PasswordResetDto): Promise<void> {
    const { userId } = await this.bus.request(AuthPattern.ResetPassword, { token: dto.token, password: dto.password });
    await this.sessions.destroyAllForUser(userId);
  }

  async contact(dto: ContactDto, ip: string | undefined): Promise<void> {
    await this.limiter.hit(LIMITS.contactPerIp(ip));
    await this.bus.request(AuthPattern.SendContactMessage, { name: dto.name, email: dto.email, message: dto.message });
  }
}
