import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { WeeklyReportsService } from './weekly-reports.service';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

@MessageController()
export class WeeklyReportsHandlers {
  constructor(private readonly reports: WeeklyReportsService) {}

  @MessagePattern(AuthPattern.GetWeeklyReport)
  get(@Payload() req: Req<AuthPattern.GetWeeklyReport>): Res<AuthPattern.GetWeeklyReport> {
    return this.reports.get(req.userId);
  }

  @MessagePattern(AuthPattern.SetWeeklyReport)
  set(@Payload() req: Req<AuthPattern.SetWeeklyReport>): Res<AuthPattern.SetWeeklyReport> {
    return this.reports.set(req.userId, req.enabled === true, typeof req.timeZone === 'string' ? req.timeZone : undefined);
  }

  @MessagePattern(AuthPattern.UnsubscribeWeeklyReport)
  unsubscribe(@Payload() req: Req<AuthPattern.UnsubscribeWeeklyReport>): Res<AuthPattern.UnsubscribeWeeklyReport> {
    return this.reports.unsubscribe(String(req.token ?? ''));
  }
}
