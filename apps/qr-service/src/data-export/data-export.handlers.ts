import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { DataExportQueue } from './data-export.queue';
import { DataExportsService } from './data-exports.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

@MessageController()
export class DataExportHandlers {
  constructor(
    private readonly exports: DataExportsService,
    private readonly queue: DataExportQueue,
  ) {}

  @MessagePattern(QrPattern.StartDataExport)
  start(@Payload() req: Req<QrPattern.StartDataExport>): Res<QrPattern.StartDataExport> {
    return this.exports.start(req.userId, req.requestedBy, (exportId) => this.queue.enqueue(exportId));
  }

  @MessagePattern(QrPattern.LatestDataExport)
  latest(@Payload() req: Req<QrPattern.LatestDataExport>): Res<QrPattern.LatestDataExport> {
    return this.exports.latest(req.userId);
  }
}
