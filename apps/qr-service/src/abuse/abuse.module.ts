import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { HistoryModule } from '../history/history.module';
import { AbuseHandlers } from './abuse.handlers';
import { AbuseRepository } from './abuse.repository';
import { AbuseService } from './abuse.service';
import { DestinationBlocklist } from './destination-blocklist';

/** Abuse reports, takedowns and the operator's destination blocklist. */
@Module({
  imports: [CodesModule, HistoryModule],
  controllers: [AbuseHandlers],
  providers: [AbuseRepository, AbuseService, DestinationBlocklist],
  exports: [AbuseService, DestinationBlocklist],
})
export class AbuseModule {}
