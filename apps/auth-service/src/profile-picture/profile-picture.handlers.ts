import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { ProfilePictureService } from './profile-picture.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

@MessageController()
export class ProfilePictureHandlers {
  constructor(private readonly pictures: ProfilePictureService) {}

  @MessagePattern(AuthPattern.SetProfilePicture)
  set(@Payload() req: Req<AuthPattern.SetProfilePicture>): Res<AuthPattern.SetProfilePicture> {
    return this.pictures.set(req.userId, req.imageBase64);
  }

  @MessagePattern(AuthPattern.GetProfilePicture)
  get(@Payload() req: Req<AuthPattern.GetProfilePicture>): Res<AuthPattern.GetProfilePicture> {
    return this.pictures.get(req.userId, req.ifNoneMatch);
  }
}
