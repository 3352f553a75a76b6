import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { HistoryModule } from '../history/history.module';
import { BulkImportFilesController } from './bulk-import-files.controller';
import { BulkImportHandlers } from './bulk-import.handlers';
import { BulkImportQueue } from './bulk-import.queue';
import { BulkImportsRepository } from './bulk-imports.repository';
import { BulkImportsService } from './bulk-imports.service';
import { CodeBatchCreator } from './code-batch-creator';
import { ImportSeats } from './import-seats';

/** Bulk imports of codes from a file: checked, paid for, created batch by batch. */
@Module({
  imports: [CodesModule, HistoryModule],
  controllers: [BulkImportHandlers, BulkImportFilesController],
  providers: [BulkImportsRepository, BulkImportsService, BulkImportQueue, CodeBatchCreator, ImportSeats],
})
export class BulkImportModule {}
