import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  AccountAnalytics,
  AccountAnalyticsQueryDto,
  AdminQrOverview,
  AnalyticsQueryDto,
  CodeAnalytics,
  PageQueryDto,
  QrPattern,
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
