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
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';

/** Scan analytics: per code, per account, and the admin overview of every code. */
@Controller('api')
@InWorkspace({ read: 'analytics.read' })
export class AnalyticsController {
  constructor(private readonly bus: MessageBus) {}

  @Get('qrcodes/:id/analytics')
  @Access('user')
  forCode(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string, @Query() query: AnalyticsQueryDto): Promise<CodeAnalytics> {
    return this.bus.request(QrPattern.CodeAnalytics, { userId: workspace.id, codeId, ...query });
  }

  @Get('qrcodes/:id/analytics/patterns')
  @Access('user')
  codePatterns(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string, @Query() query: AnalyticsQueryDto): Promise<ScanPatterns> {
    return this.bus.request(QrPattern.ScanPatterns, { userId: workspace.id, codeId, from: query.from, to: query.to, tz: query.tz });
  }

  /** Heatmap of the hours of the week and scans per country, all the account's codes. */
  @Get('analytics/patterns')
  @Access('user')
  accountPatterns(@CurrentWorkspace() workspace: WorkspaceContext, @Query() query: AnalyticsQueryDto): Promise<ScanPatterns> {
    return this.bus.request(QrPattern.ScanPatterns, { userId: workspace.id, from: query.from, to: query.to, tz: query.tz });
  }

  /** Each code's scans in the range next to the period before, sorted and paged. */
  @Get('analytics/codes')
  @Access('user')
  codeComparison(@CurrentWorkspace() workspace: WorkspaceContext, @Query() query: CodeComparisonQueryDto): Promise<CodeComparisonPage> {
    return this.bus.request(QrPattern.CodeComparison, {
      userId: workspace.id,
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
  forAccount(@CurrentWorkspace() workspace: WorkspaceContext, @Query() query: AccountAnalyticsQueryDto): Promise<AccountAnalytics> {
    return this.bus.request(QrPattern.AccountAnalytics, { userId: workspace.id, ...query });
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
