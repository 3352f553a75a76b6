import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { PasswordResetService } from './password-reset.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

/** Password reset by a mailed link. */
@MessageController()
export class PasswordResetHandlers {
  constructor(private readonly resets: PasswordResetService) {}

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
}
