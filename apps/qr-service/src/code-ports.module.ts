import { Global, Module } from '@nestjs/common';
import { AbuseModule } from './abuse/abuse.module';
import { DestinationBlocklist } from './abuse/destination-blocklist';
import { BlockedDestinations, CodeContentFiles, CodeHistoryLog, CodeScanData, OwnerWebhooks } from './codes/code-ports';
import { ContentModule } from './content/content.module';
import { ContentFilesForCodes } from './content/content-files-for-codes';
import { CodeHistoryWriter } from './history/code-history-log';
import { HistoryModule } from './history/history.module';
import { CodeScanRemoval } from './scans/code-scan-removal';
import { ScansModule } from './scans/scans.module';
import { CodeWebhooks } from './webhooks/code-webhooks';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The ports of codes/code-ports.ts bound to the features that implement them. Global, so that
 * CodesModule sees them without importing a feature module (each of which imports CodesModule).
 */
@Global()
@Module({
  imports: [HistoryModule, ContentModule, AbuseModule, ScansModule, WebhooksModule],
  providers: [
    { provide: CodeHistoryLog, useExisting: CodeHistoryWriter },
    { provide: CodeContentFiles, useExisting: ContentFilesForCodes },
    { provide: BlockedDestinations, useExisting: DestinationBlocklist },
    { provide: CodeScanData, useExisting: CodeScanRemoval },
    { provide: OwnerWebhooks, useExisting: CodeWebhooks },
  ],
  exports: [CodeHistoryLog, CodeContentFiles, BlockedDestinations, CodeScanData, OwnerWebhooks],
})
export class CodePortsModule {}
