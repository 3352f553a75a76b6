import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { ConversionsHandlers } from './conversions.handlers';
import { ConversionsRepository } from './conversions.repository';
import { ConversionsService } from './conversions.service';

/** Leads and sales attributed to scans (docs/conversions.md). */
@Module({
  imports: [CodesModule],
  controllers: [ConversionsHandlers],
  providers: [ConversionsRepository, ConversionsService],
  exports: [ConversionsRepository],
})
export class ConversionsModule {}
