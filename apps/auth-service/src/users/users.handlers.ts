import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { UsersService } from './users.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

@MessageController()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

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
}
