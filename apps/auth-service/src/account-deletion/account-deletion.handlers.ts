import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { AccountDeletionService } from './account-deletion.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

/** Deleting an account, by its owner or an admin. */
@MessageController()
export class AccountDeletionHandlers {
  constructor(private readonly deletion: AccountDeletionService) {}

  @MessagePattern(AuthPattern.DeleteUser)
  deleteUser(@Payload() req: Req<AuthPattern.DeleteUser>): Res<AuthPattern.DeleteUser> {
    return this.deletion.delete(req.actorId, req.userId, req.currentPassword);
  }
}
