import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  ABUSE_MESSAGES,
  AbuseReportPage,
  AbuseReportView,
  ListReportsQueryDto,
  ReportCodeDto,
  ReportedCodeView,
  SetReportStatusDto,
  TakeDownCodeDto,
} from '@qrd/contracts';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { AbuseApiService } from './abuse.service';

/** Abuse handling: the public report form, the admin queue, takedown and restore of any code. */
@Controller('api')
export class AbuseController {
  constructor(private readonly abuse: AbuseApiService) {}

  @Post('reports')
  @Access('public')
  @HttpCode(202)
  async report(@Body() dto: ReportCodeDto, @Req() req: Request): Promise<{ message: string }> {
    await this.abuse.report(dto, req.ip);
    return { message: ABUSE_MESSAGES.accepted };
  }

  @Get('admin/reports')
  @Access('admin')
  list(@Query() query: ListReportsQueryDto): Promise<AbuseReportPage> {
    return this.abuse.list(query);
  }

  @Post('admin/reports/:id/status')
  @Access('admin')
  @HttpCode(200)
  setStatus(@CurrentSession() actor: Session, @Param('id') id: string, @Body() dto: SetReportStatusDto): Promise<AbuseReportView> {
    return this.abuse.setStatus(actor, id, dto.status);
  }

  /** Any code, by its slug (what reports and short links name). */
  @Post('admin/codes/:slug/takedown')
  @Access('admin')
  @HttpCode(200)
  takeDown(@CurrentSession() actor: Session, @Param('slug') slug: string, @Body() dto: TakeDownCodeDto): Promise<ReportedCodeView> {
    return this.abuse.takeDown(actor, slug, dto.reason);
  }

  @Post('admin/codes/:slug/restore')
  @Access('admin')
  @HttpCode(200)
  restore(@CurrentSession() actor: Session, @Param('slug') slug: string): Promise<ReportedCodeView> {
    return this.abuse.restore(actor, slug);
  }
}
