import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { BulkImportQueue } from './bulk-import.queue';
import { BulkImportsService } from './bulk-imports.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

@MessageController()
export class BulkImportHandlers {
  constructor(
    private readonly imports: BulkImportsService,
    private readonly queue: BulkImportQueue,
  ) {}

  @MessagePattern(QrPattern.GetBulkImport)
  get(@Payload() req: Req<QrPattern.GetBulkImport>): Res<QrPattern.GetBulkImport> {
    return this.imports.get(req.userId, req.importId);
  }

  @MessagePattern(QrPattern.UpdateBulkImportRow)
  updateRow(@Payload() req: Req<QrPattern.UpdateBulkImportRow>): Res<QrPattern.UpdateBulkImportRow> {
    return this.imports.updateRow(req.userId, req.importId, req.row, req.cells);
  }

  @MessagePattern(QrPattern.ConfirmBulkImport)
  confirm(@Payload() req: Req<QrPattern.ConfirmBulkImport>): Res<QrPattern.ConfirmBulkImport> {
    const confirmation = { totalCents: req.totalCents, confirmKey: req.idempotencyKey ?? null, designTemplateId: req.designTemplateId ?? null };
    return this.imports.confirm(req.userId, req.importId, confirmation, (id) => this.queue.enqueue(id));
  }

  @MessagePattern(QrPattern.CancelBulkImport)
  cancel(@Payload() req: Req<QrPattern.CancelBulkImport>): Res<QrPattern.CancelBulkImport> {
    return this.imports.cancel(req.userId, req.importId);
  }
}
