import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { DataExportModule } from '../data-export/data-export.module';
import { HistoryModule } from '../history/history.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AccountEventsHandlers } from './account-events.handlers';

/** What billing and account events do across the codes and the features that keep an owner's data. */
@Module({
  imports: [CodesModule, WebhooksModule, DataExportModule, HistoryModule],
  controllers: [AccountEventsHandlers],
})
export class AccountsModule {}
