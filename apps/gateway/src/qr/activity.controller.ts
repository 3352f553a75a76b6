import { Controller, Get, Query } from '@nestjs/common';
import { ActivityPage, activityPageRequest, DomainError, ErrorCode, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';

/** The dashboard's Recent Activity: the changes of the user's codes and their scans (per code and hour), newest first. */
@Controller('api/activity')
@InWorkspace({ read: 'codes.read' })
export class ActivityController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @Access('user')
  list(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
    @Query('kind') kind: unknown,
    @Query('codeId') codeId: unknown,
  ): Promise<ActivityPage> {
    const result = activityPageRequest({ cursor, limit, kind, codeId });
    if ('message' in result) throw new DomainError(ErrorCode.Validation, result.message, { [result.field]: result.message });
    return this.bus.request(QrPattern.AccountActivity, { userId: workspace.id, ...result.request });
  }
}
