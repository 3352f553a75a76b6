import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { ConversionsModule } from '../conversions/conversions.module';
import { AdminAnalyticsRepository } from './admin-analytics.repository';
import { AnalyticsHandlers } from './analytics.handlers';
import { AnalyticsRepository } from './analytics.repository';
import { CityPlacesRepository } from './city-places.repository';
import { AnalyticsSettingsRepository } from './analytics-settings.repository';
import { CodeScanFiguresRepository } from './code-scan-figures.repository';
import { AnalyticsService } from './analytics.service';
import { ScansExportController } from './scans-export.controller';

/** Analytics read from the rollups, and the scans' export. */
@Module({
  imports: [CodesModule, ConversionsModule],
  controllers: [AnalyticsHandlers, ScansExportController],
  providers: [AnalyticsRepository, CityPlacesRepository, AnalyticsSettingsRepository, CodeScanFiguresRepository, AdminAnalyticsRepository, AnalyticsService],
})
export class AnalyticsModule {}
