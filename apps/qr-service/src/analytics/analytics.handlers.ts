import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { AnalyticsService } from './analytics.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

@MessageController()
export class AnalyticsHandlers {
  constructor(private readonly analytics: AnalyticsService) {}

  @MessagePattern(QrPattern.GetAnalyticsSettings)
  settings(@Payload() req: Req<QrPattern.GetAnalyticsSettings>): Res<QrPattern.GetAnalyticsSettings> {
    return this.analytics.settings(req.userId);
  }

  @MessagePattern(QrPattern.SetAnalyticsSettings)
  saveSettings(@Payload() req: Req<QrPattern.SetAnalyticsSettings>): Res<QrPattern.SetAnalyticsSettings> {
    return this.analytics.saveSettings(req.userId, req.euPrivacy);
  }

  @MessagePattern(QrPattern.RecentMinutes)
  recentMinutes(@Payload() req: Req<QrPattern.RecentMinutes>): Res<QrPattern.RecentMinutes> {
    return this.analytics.recentMinutes(req.userId, req.codeId);
  }

  @MessagePattern(QrPattern.CodeAnalytics)
  forCode(@Payload() req: Req<QrPattern.CodeAnalytics>): Res<QrPattern.CodeAnalytics> {
    return this.analytics.forCode(req.userId, req.codeId, req);
  }

  @MessagePattern(QrPattern.AccountAnalytics)
  forAccount(@Payload() req: Req<QrPattern.AccountAnalytics>): Res<QrPattern.AccountAnalytics> {
    return this.analytics.forAccount(req.userId, req);
  }

  @MessagePattern(QrPattern.ScanPatterns)
  patterns(@Payload() req: Req<QrPattern.ScanPatterns>): Res<QrPattern.ScanPatterns> {
    return this.analytics.patterns(req.userId, req);
  }

  @MessagePattern(QrPattern.CodeComparison)
  codeComparison(@Payload() req: Req<QrPattern.CodeComparison>): Res<QrPattern.CodeComparison> {
    return this.analytics.codeComparison(req.userId, req);
  }

  @MessagePattern(QrPattern.AdminOverview)
  adminOverview(@Payload() req: Req<QrPattern.AdminOverview>): Res<QrPattern.AdminOverview> {
    return this.analytics.adminOverview(req.page, req.pageSize);
  }
}
