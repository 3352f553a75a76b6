import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { ContentFileJanitor } from './content-file-janitor';
import { ContentFilesController } from './content-files.controller';
import { ContentFilesForCodes } from './content-files-for-codes';
import { ContentFilesRepository } from './content-files.repository';
import { ContentFilesService } from './content-files.service';
import { CONTENT_STORAGE_PROVIDER } from './content-storage';
import { ContentHandlers } from './content.handlers';
import { ContentService } from './content.service';

/** Content codes: uploads, hosted pages, their files and their removal; the codes' content port. */
@Module({
  imports: [CodesModule],
  controllers: [ContentFilesController, ContentHandlers],
  providers: [CONTENT_STORAGE_PROVIDER, ContentFilesRepository, ContentFileJanitor, ContentFilesService, ContentService, ContentFilesForCodes],
  exports: [ContentFileJanitor, ContentFilesForCodes],
})
export class ContentModule {}
