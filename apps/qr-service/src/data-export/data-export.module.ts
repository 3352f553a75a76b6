import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { DataExportFileController } from './data-export-file.controller';
import { DataExportHandlers } from './data-export.handlers';
import { DataExportQueue } from './data-export.queue';
import { DataExportsRepository } from './data-exports.repository';
import { DataExportsService } from './data-exports.service';
import { ExportStorage, LocalDiskExportStorage } from './export-storage';

/** The owner's data exports: built in the background, downloaded, expired. */
@Module({
  imports: [CodesModule],
  controllers: [DataExportFileController, DataExportHandlers],
  providers: [DataExportsRepository, DataExportsService, DataExportQueue, { provide: ExportStorage, useClass: LocalDiskExportStorage }],
  exports: [DataExportsService],
})
export class DataExportModule {}
