import { Controller, Get, Query } from '@nestjs/common';
import { ActivityPage, activityPageRequest, DomainError, ErrorCode, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { MemberNames } from './member-names';

/** The dashboard's Recent Activity: the changes of the user's codes and their scans (per code and hour), newest first. */
@Controller('api/activity')
@InWorkspace({ read: 'codes.read' })
export class ActivityController {
  constructor(
    private readonly bus: MessageBus,
    private readonly members: MemberNames,
  ) {}

  @Get()
  @Access('user')
  async list(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
    @Query('kind') kind: unknown,
    @Query('codeId') codeId: unknown,
  ): Promise<ActivityPage> {
    const result = activityPageRequest({ cursor, limit, kind, codeId });
    if ('message' in result) throw new DomainError(ErrorCode.Validation, result.message, { [result.field]: result.message });
    const page = await this.bus.request(QrPattern.AccountActivity, { userId: workspace.id, ...result.request });
    const changes = await this.members.add(page.items.flatMap((item) => (item.type === 'change' ? [item] : [])));
    const named = new Map(changes.map((change) => [change.id, change]));
    return { ...page, items: page.items.map((item) => (item.type === 'change' ? (named.get(item.id) ?? item) : item)) };
  }
}
