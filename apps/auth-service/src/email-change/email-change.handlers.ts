import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { UsersService } from '../users/users.service';
import { EmailChangeService } from './email-change.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

/** Confirming or cancelling an email change started from the profile. */
@MessageController()
export class EmailChangeHandlers {
  constructor(
    private readonly emailChange: EmailChangeService,
    private readonly users: UsersService,
  ) {}

  @MessagePattern(AuthPattern.ConfirmEmailChange)
  confirmEmailChange(@Payload() req: Req<AuthPattern.ConfirmEmailChange>): Res<AuthPattern.ConfirmEmailChange> {
    return this.emailChange.confirm(req.token);
  }

  @MessagePattern(AuthPattern.CancelEmailChange)
  cancelEmailChange(@Payload() req: Req<AuthPattern.CancelEmailChange>): Res<AuthPattern.CancelEmailChange> {
    return this.users.cancelEmailChange(req.userId);
  }
}
