import { Controller, Get, Query } from '@nestjs/common';
import { ActivityPage, activityPageRequest, DomainError, ErrorCode, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';

/** The dashboard's Recent Activity: the changes of the user's codes and their scans (per code and hour), newest first. */
@Controller('api/activity')
export class ActivityController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @Access('user')
  list(
    @CurrentSession() session: Session,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
    @Query('kind') kind: unknown,
    @Query('codeId') codeId: unknown,
  ): Promise<ActivityPage> {
    const result = activityPageRequest({ cursor, limit, kind, codeId });
    if ('message' in result) throw new DomainError(ErrorCode.Validation, result.message, { [result.field]: result.message });
    return this.bus.request(QrPattern.AccountActivity, { userId: session.userId, ...result.request });
  }
}
