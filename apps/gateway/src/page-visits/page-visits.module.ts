import { Module } from '@nestjs/common';
import { PageVisitsController } from './page-visits.controller';
import { PageVisitsService } from './page-visits.service';

@Module({ controllers: [PageVisitsController], providers: [PageVisitsService] })
export class PageVisitsModule {}
