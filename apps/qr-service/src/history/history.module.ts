import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { CodeHistoryWriter } from './code-history-log';
import { CodeHistoryHandlers } from './code-history.handlers';
import { CodeHistoryRepository } from './code-history.repository';
import { CodeHistoryService } from './code-history.service';
import { ScanActivityRepository } from './scan-activity.repository';

/** A code's history and the owner's activity feed; the writer behind the codes' history port. */
@Module({
  imports: [CodesModule],
  controllers: [CodeHistoryHandlers],
  providers: [CodeHistoryRepository, ScanActivityRepository, CodeHistoryService, CodeHistoryWriter],
  exports: [CodeHistoryRepository, CodeHistoryWriter],
})
export class HistoryModule {}
