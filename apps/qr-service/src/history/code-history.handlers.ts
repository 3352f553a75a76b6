import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { CodeHistoryService } from './code-history.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

/** A code's history and the owner's activity feed, read over the queue. */
@MessageController()
export class CodeHistoryHandlers {
  constructor(private readonly history: CodeHistoryService) {}

  @MessagePattern(QrPattern.CodeHistory)
  codeHistory(@Payload() req: Req<QrPattern.CodeHistory>): Res<QrPattern.CodeHistory> {
    return this.history.codeHistory(req.userId, req.codeId, { limit: req.limit, cursor: req.cursor });
  }

  @MessagePattern(QrPattern.AccountActivity)
  accountActivity(@Payload() req: Req<QrPattern.AccountActivity>): Res<QrPattern.AccountActivity> {
    const { userId, ...request } = req;
    return this.history.accountActivity(userId, request);
  }
}
