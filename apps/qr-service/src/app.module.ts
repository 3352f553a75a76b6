import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { DatabaseModule } from '@qrd/database';
import { MessagingModule } from '@qrd/messaging';
import { ObservabilityModule } from '@qrd/observability';
import { AbuseHandlers } from './abuse/abuse.handlers';
import { AbuseRepository } from './abuse/abuse.repository';
import { AbuseService } from './abuse/abuse.service';
import { DestinationBlocklist } from './abuse/destination-blocklist';
import { AnalyticsHandlers } from './analytics/analytics.handlers';
import { AnalyticsRepository } from './analytics/analytics.repository';
import { AnalyticsService } from './analytics/analytics.service';
import { ScansExportController } from './analytics/scans-export.controller';
import { AccountEventsHandlers } from './accounts/account-events.handlers';
import { CodesHandlers } from './codes/codes.handlers';
import { CodesRepository } from './codes/codes.repository';
import { CodeEvents } from './codes/code-events';
import { CodesService } from './codes/codes.service';
import { BulkCodeActions } from './codes/bulk-code-actions.service';
import { CodeCreationService } from './codes/code-creation.service';
import { BlockedDestinations, CodeContentFiles, CodeHistoryLog, CodeScanData, OwnerWebhooks } from './codes/code-ports';
import { CodeRules } from './codes/code-rules';
import { CodeUpdatesService } from './codes/code-updates.service';
import { OwnerCodesService } from './codes/owner-codes.service';
import { SeatGate } from './codes/seat-gate';
import { FoldersService } from './codes/folders.service';
import { RedirectTable } from './codes/redirect-table';
import { RedirectTableMaintainer } from './codes/redirect-table-maintainer';
import { ContentFilesController } from './content/content-files.controller';
import { ContentFilesRepository } from './content/content-files.repository';
import { ContentFileJanitor } from './content/content-file-janitor';
import { ContentFilesService } from './content/content-files.service';
import { CONTENT_STORAGE_PROVIDER } from './content/content-storage';
import { ContentHandlers } from './content/content.handlers';
import { ContentService } from './content/content.service';
import { ContentFilesForCodes } from './content/content-files-for-codes';
import { DataExportFileController } from './data-export/data-export-file.controller';
import { DataExportHandlers } from './data-export/data-export.handlers';
import { BulkImportHandlers } from './bulk-import/bulk-import.handlers';
import { BulkImportQueue } from './bulk-import/bulk-import.queue';
import { BulkImportsRepository } from './bulk-import/bulk-imports.repository';
import { BulkImportsService } from './bulk-import/bulk-imports.service';
import { BulkImportFilesController } from './bulk-import/bulk-import-files.controller';
import { CodeBatchCreator } from './bulk-import/code-batch-creator';
import { ImportSeats } from './bulk-import/import-seats';
import { DataExportQueue } from './data-export/data-export.queue';
import { DataExportsRepository } from './data-export/data-exports.repository';
import { DataExportsService } from './data-export/data-exports.service';
import { ExportStorage, LocalDiskExportStorage } from './data-export/export-storage';
import { QR_DATABASE } from './database';
import { CodeHistoryRepository } from './history/code-history.repository';
import { ScanActivityRepository } from './history/scan-activity.repository';
import { CodeHistoryService } from './history/code-history.service';
import { CodeHistoryHandlers } from './history/code-history.handlers';
import { CodeHistoryWriter } from './history/code-history-log';
import { CodeImagesController } from './images/code-images.controller';
import { CodeArchiveController } from './images/code-archive.controller';
import { CodeArchiveService } from './images/code-archive';
import { DesignTemplatesHandlers } from './design-templates/design-templates.handlers';
import { DesignTemplatesService } from './design-templates/design-templates.service';
import { CodeImagesService } from './images/code-images.service';
import { CodeDesignHandlers } from './images/code-design.handlers';
import { QrReconciler } from './reconciliation/qr-reconciler';
import { ReconcileHandlers } from './reconciliation/reconcile.handlers';
import { ScanIngestion } from './scans/scan-ingestion';
import { ScanMaintenance } from './scans/scan-maintenance';
import { CodeScanRemoval } from './scans/code-scan-removal';
import { ScansRepository } from './scans/scans.repository';
import { ScanWebhooks } from './webhooks/scan-webhooks';
import { WebhookDelivery } from './webhooks/webhook-delivery';
import { CodeWebhooks } from './webhooks/code-webhooks';
import { WebhookDeliveryWorker } from './webhooks/webhook-delivery.worker';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import { WebhookSecrets } from './webhooks/webhook-secrets';
import { WebhooksHandlers } from './webhooks/webhooks.handlers';
import { WebhooksRepository } from './webhooks/webhooks.repository';
import { WebhooksService } from './webhooks/webhooks.service';

@Module({})
export class QrServiceModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: QrServiceModule,
      imports: [
        ConfigModule.forRoot(config, logger),
        ObservabilityModule.forService('qr-service'),
        MessagingModule.forRoot(),
        DatabaseModule.forService(QR_DATABASE),
      ],
      controllers: [
        CodeImagesController,
        CodeArchiveController,
        DesignTemplatesHandlers,
        ScansExportController,
        DataExportFileController,
        ContentFilesController,
        ContentHandlers,
        CodesHandlers,
        CodeDesignHandlers,
        CodeHistoryHandlers,
        ReconcileHandlers,
        AccountEventsHandlers,
        AnalyticsHandlers,
        AbuseHandlers,
        WebhooksHandlers,
        DataExportHandlers,
        BulkImportHandlers,
        BulkImportFilesController,
      ],
      providers: [
        CodesRepository,
        CodesService,
        CodeRules,
        CodeCreationService,
        CodeUpdatesService,
        BulkCodeActions,
        OwnerCodesService,
        SeatGate,
        { provide: CodeHistoryLog, useClass: CodeHistoryWriter },
        { provide: CodeContentFiles, useClass: ContentFilesForCodes },
        { provide: BlockedDestinations, useExisting: DestinationBlocklist },
        { provide: CodeScanData, useClass: CodeScanRemoval },
        { provide: OwnerWebhooks, useClass: CodeWebhooks },
        FoldersService,
        CodeHistoryRepository,
        ScanActivityRepository,
        CodeHistoryService,
        CodeEvents,
        QrReconciler,
        RedirectTable,
        RedirectTableMaintainer,
        CodeImagesService,
        CodeArchiveService,
        DesignTemplatesService,
        ScansRepository,
        ScanMaintenance,
        ScanIngestion,
        AnalyticsRepository,
        AnalyticsService,
        AbuseRepository,
        AbuseService,
        DestinationBlocklist,
        WebhooksRepository,
        WebhookSecrets,
        WebhookDispatcher,
        WebhookDelivery,
        WebhookDeliveryWorker,
        WebhooksService,
        ScanWebhooks,
        DataExportsRepository,
        DataExportsService,
        DataExportQueue,
        BulkImportsRepository,
        BulkImportsService,
        BulkImportQueue,
        CodeBatchCreator,
        ImportSeats,
        { provide: ExportStorage, useClass: LocalDiskExportStorage },
        CONTENT_STORAGE_PROVIDER,
        ContentFilesRepository,
        ContentFileJanitor,
        ContentFilesService,
        ContentService,
      ],
    };
  }
}
