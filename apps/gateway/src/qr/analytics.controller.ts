import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  AccountAnalytics,
  AccountAnalyticsQueryDto,
  AdminQrOverview,
  AnalyticsQueryDto,
  CodeAnalytics,
  CodeComparisonPage,
  CodeComparisonQueryDto,
  PageQueryDto,
  QrPattern,
  ScanPatterns,
  wholeNumber,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';

/** Scan analytics: per code, per account, and the admin overview of every code. */
@Controller('api')
export class AnalyticsController {
  constructor(private readonly bus: MessageBus) {}

  @Get('qrcodes/:id/analytics')
  @Access('user')
  forCode(@CurrentSession() session: Session, @Param('id') codeId: string, @Query() query: AnalyticsQueryDto): Promise<CodeAnalytics> {
    return this.bus.request(QrPattern.CodeAnalytics, { userId: session.userId, codeId, ...query });
  }

  @Get('qrcodes/:id/analytics/patterns')
  @Access('user')
  codePatterns(@CurrentSession() session: Session, @Param('id') codeId: string, @Query() query: AnalyticsQueryDto): Promise<ScanPatterns> {
    return this.bus.request(QrPattern.ScanPatterns, { userId: session.userId, codeId, from: query.from, to: query.to, tz: query.tz });
  }

  /** Heatmap of the hours of the week and scans per country, all the account's codes. */
  @Get('analytics/patterns')
  @Access('user')
  accountPatterns(@CurrentSession() session: Session, @Query() query: AnalyticsQueryDto): Promise<ScanPatterns> {
    return this.bus.request(QrPattern.ScanPatterns, { userId: session.userId, from: query.from, to: query.to, tz: query.tz });
  }

  /** Each code's scans in the range next to the period before, sorted and paged. */
  @Get('analytics/codes')
  @Access('user')
  codeComparison(@CurrentSession() session: Session, @Query() query: CodeComparisonQueryDto): Promise<CodeComparisonPage> {
    return this.bus.request(QrPattern.CodeComparison, {
      userId: session.userId,
      from: query.from,
      to: query.to,
      tz: query.tz,
      sort: query.sort,
      order: query.order,
      page: wholeNumber(query.page) ?? 1,
      pageSize: wholeNumber(query.pageSize) ?? 20,
    });
  }

  @Get('analytics')
  @Access('user')
  forAccount(@CurrentSession() session: Session, @Query() query: AccountAnalyticsQueryDto): Promise<AccountAnalytics> {
    return this.bus.request(QrPattern.AccountAnalytics, { userId: session.userId, ...query });
  }

  @Get('admin/qr-codes')
  @Access('admin')
  adminOverview(@Query() query: PageQueryDto): Promise<AdminQrOverview> {
    return this.bus.request(QrPattern.AdminOverview, {
      page: wholeNumber(query.page) ?? 1,
      pageSize: wholeNumber(query.pageSize) ?? 50,
    });
  }
}
