import { MessagePattern } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { QrReconciler } from './qr-reconciler';

/** The operator's reconciliation pass of the qr-service, asked for over the queue. */
@MessageController()
export class ReconcileHandlers {
  constructor(private readonly reconciler: QrReconciler) {}

  @MessagePattern(QrPattern.Reconcile)
  reconcile(): Promise<QrRequests[QrPattern.Reconcile]['res']> {
    return this.reconciler.run();
  }
}
