import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { TwoFactorService } from './two-factor.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

/** Two-factor sign-in: turning it on and off, and checking a code. */
@MessageController()
export class TwoFactorHandlers {
  constructor(private readonly twoFactor: TwoFactorService) {}

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
}
