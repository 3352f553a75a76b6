import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access } from '../sessions/auth.guard';
import { PageVisitDto } from '@qrd/contracts';
import { PageVisitsService } from './page-visits.service';

@Controller('api')
export class PageVisitsController {
  constructor(private readonly visits: PageVisitsService) {}

  @Post('page-visits')
  @Access('public')
  @HttpCode(204)
  record(@Body() dto: PageVisitDto, @Req() req: Request): Promise<void> {
    return this.visits.record(dto.path, req.ip);
  }

  @Get('admin/page-visits')
  @Access('admin')
  counts(): Promise<Record<string, number>> {
    return this.visits.counts();
  }
}
