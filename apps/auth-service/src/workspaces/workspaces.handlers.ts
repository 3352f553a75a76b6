import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { WorkspacesService } from './workspaces.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

@MessageController()
export class WorkspacesHandlers {
  constructor(private readonly workspaces: WorkspacesService) {}

  @MessagePattern(AuthPattern.ListWorkspaces)
  list(@Payload() req: Req<AuthPattern.ListWorkspaces>): Res<AuthPattern.ListWorkspaces> {
    return this.workspaces.list(req.userId);
  }
}
