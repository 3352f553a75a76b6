import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { ApiKeysService } from './api-keys.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

@MessageController()
export class ApiKeysHandlers {
  constructor(private readonly keys: ApiKeysService) {}

  @MessagePattern(AuthPattern.CreateApiKey)
  create(@Payload() req: Req<AuthPattern.CreateApiKey>): Res<AuthPattern.CreateApiKey> {
    return this.keys.create(req);
  }

  @MessagePattern(AuthPattern.ListApiKeys)
  list(@Payload() req: Req<AuthPattern.ListApiKeys>): Res<AuthPattern.ListApiKeys> {
    return this.keys.list(req.workspaceId);
  }

  @MessagePattern(AuthPattern.RevokeApiKey)
  revoke(@Payload() req: Req<AuthPattern.RevokeApiKey>): Res<AuthPattern.RevokeApiKey> {
    return this.keys.revoke(req.workspaceId, req.userId, req.keyId);
  }

  @MessagePattern(AuthPattern.VerifyApiKey)
  verify(@Payload() req: Req<AuthPattern.VerifyApiKey>): Res<AuthPattern.VerifyApiKey> {
    return this.keys.verify(req.keyHash, req.ip);
  }
}
