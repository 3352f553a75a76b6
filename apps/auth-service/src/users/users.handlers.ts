import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { MailQueue } from '../mail/mail.queue';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { contactMail } from '../mail/templates';
import { EmailChangeService } from '../email-change/email-change.service';
import { PasswordResetService } from '../password-reset/password-reset.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { AccountDeletionService } from './account-deletion.service';
import { UsersService } from './users.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

@MessageController()
export class UsersHandlers {
  constructor(
    private readonly users: UsersService,
    private readonly resets: PasswordResetService,
    private readonly mail: MailQueue,
    private readonly emailChange: EmailChangeService,
    private readonly twoFactor: TwoFactorService,
    private readonly deletion: AccountDeletionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @MessagePattern(AuthPattern.Register)
  register(@Payload() req: Req<AuthPattern.Register>): Res<AuthPattern.Register> {
    return this.users.register(req);
  }

  @MessagePattern(AuthPattern.CheckAvailability)
  checkAvailability(@Payload() req: Req<AuthPattern.CheckAvailability>): Res<AuthPattern.CheckAvailability> {
    return this.users.checkAvailability(req.username, req.email);
  }

  @MessagePattern(AuthPattern.Login)
  login(@Payload() req: Req<AuthPattern.Login>): Res<AuthPattern.Login> {
    return this.users.login(req.username, req.password);
  }

  @MessagePattern(AuthPattern.GetUser)
  getUser(@Payload() req: Req<AuthPattern.GetUser>): Res<AuthPattern.GetUser> {
    return this.users.get(req.userId);
  }

  @MessagePattern(AuthPattern.UpdateProfile)
  updateProfile(@Payload() req: Req<AuthPattern.UpdateProfile>): Res<AuthPattern.UpdateProfile> {
    return this.users.updateProfile(req);
  }

  @MessagePattern(AuthPattern.ChangePassword)
  async changePassword(@Payload() req: Req<AuthPattern.ChangePassword>): Res<AuthPattern.ChangePassword> {
    await this.users.changePassword(req.userId, req.currentPassword, req.newPassword);
    return { ok: true };
  }

  @MessagePattern(AuthPattern.RequestPasswordReset)
  async requestReset(@Payload() req: Req<AuthPattern.RequestPasswordReset>): Res<AuthPattern.RequestPasswordReset> {
    await this.resets.request(req.email);
    return { ok: true };
  }

  @MessagePattern(AuthPattern.CheckResetToken)
  async checkReset(@Payload() req: Req<AuthPattern.CheckResetToken>): Res<AuthPattern.CheckResetToken> {
    return { valid: await this.resets.check(req.token) };
  }

  @MessagePattern(AuthPattern.ResetPassword)
  async reset(@Payload() req: Req<AuthPattern.ResetPassword>): Res<AuthPattern.ResetPassword> {
    return { userId: await this.resets.reset(req.token, req.password) };
  }

  @MessagePattern(AuthPattern.ListUsers)
  list(@Payload() req: Req<AuthPattern.ListUsers>): Res<AuthPattern.ListUsers> {
    return this.users.list(req);
  }

  @MessagePattern(AuthPattern.SetUserStatus)
  setStatus(@Payload() req: Req<AuthPattern.SetUserStatus>): Res<AuthPattern.SetUserStatus> {
    return this.users.setStatus(req.actorId, req.userId, req.status);
  }

  @MessagePattern(AuthPattern.SetUserRole)
  setRole(@Payload() req: Req<AuthPattern.SetUserRole>): Res<AuthPattern.SetUserRole> {
    return this.users.setRole(req.actorId, req.userId, req.role);
  }

  @MessagePattern(AuthPattern.CountUsers)
  async count(): Res<AuthPattern.CountUsers> {
    return { total: await this.users.count() };
  }

  @MessagePattern(AuthPattern.SendContactMessage)
  async contact(@Payload() req: Req<AuthPattern.SendContactMessage>): Res<AuthPattern.SendContactMessage> {
    await this.mail.enqueue(contactMail(this.config.mail.contactTo, req));
    return { ok: true };
  }

  @MessagePattern(AuthPattern.ConfirmEmailChange)
  confirmEmailChange(@Payload() req: Req<AuthPattern.ConfirmEmailChange>): Res<AuthPattern.ConfirmEmailChange> {
    return this.emailChange.confirm(req.token);
  }

  @MessagePattern(AuthPattern.CancelEmailChange)
  cancelEmailChange(@Payload() req: Req<AuthPattern.CancelEmailChange>): Res<AuthPattern.CancelEmailChange> {
    return this.users.cancelEmailChange(req.userId);
  }

  @MessagePattern(AuthPattern.StartTwoFactor)
  startTwoFactor(@Payload() req: Req<AuthPattern.StartTwoFactor>): Res<AuthPattern.StartTwoFactor> {
    return this.twoFactor.start(req.userId, req.currentPassword);
  }

  @MessagePattern(AuthPattern.EnableTwoFactor)
  enableTwoFactor(@Payload() req: Req<AuthPattern.EnableTwoFactor>): Res<AuthPattern.EnableTwoFactor> {
    return this.twoFactor.enable(req.userId, req.code);
  }

  @MessagePattern(AuthPattern.DisableTwoFactor)
  async disableTwoFactor(@Payload() req: Req<AuthPattern.DisableTwoFactor>): Res<AuthPattern.DisableTwoFactor> {
    await this.twoFactor.disable(req.userId, req.currentPassword, req.code);
    return { ok: true };
  }

  @MessagePattern(AuthPattern.VerifySecondFactor)
  verifySecondFactor(@Payload() req: Req<AuthPattern.VerifySecondFactor>): Res<AuthPattern.VerifySecondFactor> {
    return this.twoFactor.verify(req.userId, req.code);
  }

  @MessagePattern(AuthPattern.DeleteUser)
  deleteUser(@Payload() req: Req<AuthPattern.DeleteUser>): Res<AuthPattern.DeleteUser> {
    return this.deletion.delete(req.actorId, req.userId, req.currentPassword);
  }
}
