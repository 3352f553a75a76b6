import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule, Logger } from '@qrd/config';
import { DatabaseModule } from '@qrd/database';
import { MessagingModule } from '@qrd/messaging';
import { ObservabilityModule } from '@qrd/observability';
import { AbuseModule } from './abuse/abuse.module';
import { AccountsModule } from './accounts/accounts.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { BulkImportModule } from './bulk-import/bulk-import.module';
import { CodePortsModule } from './code-ports.module';
import { CodesModule } from './codes/codes.module';
import { ContentModule } from './content/content.module';
import { DataExportModule } from './data-export/data-export.module';
import { QR_DATABASE } from './database';
import { DesignTemplatesModule } from './design-templates/design-templates.module';
import { ConversionsModule } from './conversions/conversions.module';
import { DomainsModule } from './domains/domains.module';
import { HistoryModule } from './history/history.module';
import { ImagesModule } from './images/images.module';
import { ReconciliationModule } from './reconciliation/reconciliation.module';
import { ScansModule } from './scans/scans.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The qr-service: its feature modules on top of codes, with the shared config, messaging, metrics and database. */
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
        CodePortsModule,
        CodesModule,
        HistoryModule,
        ContentModule,
        AbuseModule,
        ScansModule,
        AnalyticsModule,
        ImagesModule,
        DesignTemplatesModule,
        WebhooksModule,
        DomainsModule,
        ConversionsModule,
        DataExportModule,
        BulkImportModule,
        AccountsModule,
        ReconciliationModule,
      ],
    };
  }
}
