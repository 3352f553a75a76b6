import { Controller, Get, Query } from '@nestjs/common';
import { CodeHistoryPage, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { historyRequest } from './history-query';

/** The dashboard's Recent Activity: every change of the user's codes, newest first. */
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
  ): Promise<CodeHistoryPage> {
    return this.bus.request(QrPattern.AccountActivity, { userId: session.userId, ...historyRequest({ cursor, limit, kind, codeId }) });
  }
}
