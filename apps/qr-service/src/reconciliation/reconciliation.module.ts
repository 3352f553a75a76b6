import { Module } from '@nestjs/common';
import { AbuseModule } from '../abuse/abuse.module';
import { CodesModule } from '../codes/codes.module';
import { ContentModule } from '../content/content.module';
import { QrReconciler } from './qr-reconciler';
import { ReconcileHandlers } from './reconcile.handlers';

/** The qr-service's reconciliation pass (blocklist, redirect table, outbox, content files). */
@Module({
  imports: [CodesModule, AbuseModule, ContentModule],
  controllers: [ReconcileHandlers],
  providers: [QrReconciler],
})
export class ReconciliationModule {}
