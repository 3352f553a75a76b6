import { Body, Controller, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AccountAnalytics,
  AccountAnalyticsQueryDto,
  AdminQrOverview,
  AnalyticsQueryDto,
  AnalyticsSettingsDto,
  AnalyticsSettingsView,
  CodeAnalytics,
  CodeComparisonPage,
  CodeComparisonQueryDto,
  PageQueryDto,
  QrPattern,
  RecentMinutes,
  ScanPatterns,
  wholeNumber,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { ScanFeedHub } from './scan-feed-hub';

/** Scan analytics: per code, per account, and the admin overview of every code. */
@Controller('api')
@InWorkspace({ read: 'analytics.read' })
export class AnalyticsController {
  constructor(
    private readonly bus: MessageBus,
    private readonly feed: ScanFeedHub,
  ) {}

  /** The workspace's analytics settings (the EU privacy mode). */
  @Get('analytics/settings')
  @Access('user')
  analyticsSettings(@CurrentWorkspace() workspace: WorkspaceContext): Promise<AnalyticsSettingsView> {
    return this.bus.request(QrPattern.GetAnalyticsSettings, { userId: workspace.id });
  }

  /** Changed by those who may export the workspace's data (owners and admins); applies to scans from now on. */
  @Put('analytics/settings')
  @Access('user')
  @InWorkspace({ read: 'analytics.read', write: 'data.export' })
  saveAnalyticsSettings(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: AnalyticsSettingsDto): Promise<AnalyticsSettingsView> {
    return this.bus.request(QrPattern.SetAnalyticsSettings, { userId: workspace.id, euPrivacy: dto.euPrivacy });
  }

  /** The code's human scans of the last 30 minutes, minute by minute (the live chart's start). */
  @Get('qrcodes/:id/analytics/recent')
  @Access('user')
  recent(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string): Promise<RecentMinutes> {
    return this.bus.request(QrPattern.RecentMinutes, { userId: workspace.id, codeId });
  }

  /**
   * The code's scans as they are stored, as Server-Sent Events (`scans`: a JSON array of LiveScan),
   * with a comment every 15 s that keeps proxies from closing a quiet stream. Another workspace's
   * code answers 404 like a missing one, before the stream starts.
   */
  @Get('qrcodes/:id/live')
  @Access('user')
  // An EventSource sends no custom header: a shared workspace is named in `?workspace=`.
  @InWorkspace({ read: 'analytics.read', fromQuery: true })
  async live(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') codeId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const code = await this.bus.request(QrPattern.GetCode, { userId: workspace.id, codeId });
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(': live scans of this code\n\n');
    const heartbeat = setInterval(() => res.write(': still here\n\n'), 15_000);
    heartbeat.unref();
    let stop: (() => Promise<void>) | null = null;
    let closed = false;
    req.once('close', () => {
      closed = true;
      clearInterval(heartbeat);
      if (stop) void stop();
    });
    try {
      stop = await this.feed.listen(code.id, (message) => res.write(`event: scans\ndata: ${message}\n\n`));
    } catch {
      // Redis away: the stream ends, and the page's EventSource tries again by itself.
      clearInterval(heartbeat);
      res.end();
      return;
    }
    // The page went away while the subscription was being made.
    if (closed) await stop();
  }

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
