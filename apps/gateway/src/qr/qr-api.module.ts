import { ScanFeedHub } from './scan-feed-hub';
import { ConversionSettingsController, StripeConversionsController } from './conversions.controller';
import { DomainCertificatesController, DomainsController } from './domains.controller';
import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { ActivityController } from './activity.controller';
import { bulkImportUploadMiddleware } from './bulk-import-upload.middleware';
import { BulkImportsController } from './bulk-imports.controller';
import { AnalyticsController } from './analytics.controller';
import { ContentController } from './content.controller';
import { contentUploadMiddleware } from './content-upload.middleware';
import { DataExportController } from './data-export.controller';
import { FoldersController, TagsController } from './folders.controller';
import { logoUploadMiddleware } from './logo-upload.middleware';
import { DesignTemplatesController } from './design-templates.controller';
import { QrArchiveController } from './qr-archive.controller';
import { QrCodesController } from './qr-codes.controller';
import { QrFilesService } from './qr-files.service';
import { QrImagesClient } from './qr-images.client';
import { MemberNames } from './member-names';
import { QrImagesController } from './qr-images.controller';
import { RedirectTableController } from './redirect-table.controller';

/** /api/qrcodes, /api/imports, /api/folders, /api/tags, /api/activity, /api/analytics, /api/account/data-export, /api/admin/qr-codes and /api/admin/redirect-table: forwarded to the qr-service. */
@Module({
  controllers: [
    DomainCertificatesController,
    ConversionSettingsController,
    StripeConversionsController,
    DomainsController,
    QrArchiveController,
    DesignTemplatesController,
    QrCodesController,
    FoldersController,
    TagsController,
    ActivityController,
    QrImagesController,
    AnalyticsController,
    RedirectTableController,
    DataExportController,
    ContentController,
    BulkImportsController,
  ],
  providers: [ScanFeedHub, QrFilesService, QrImagesClient, MemberNames],
  exports: [QrFilesService],
})
export class QrApiModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(logoUploadMiddleware).forRoutes({ path: 'api/qrcodes/:id/logo', method: RequestMethod.POST });
    consumer.apply(contentUploadMiddleware).forRoutes({ path: 'api/content-files', method: RequestMethod.POST });
    consumer.apply(bulkImportUploadMiddleware).forRoutes({ path: 'api/imports', method: RequestMethod.POST });
  }
}
