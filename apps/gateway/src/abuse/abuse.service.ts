import { Injectable } from '@nestjs/common';
import {
  AbuseReportPage,
  AbuseReportView,
  ListReportsQueryDto,
  QrPattern,
  ReportCodeDto,
  reportedSlug,
  ReportedCodeView,
  ReportStatus,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { clientKey } from '../auth/limits';
import { RateLimiter } from '../sessions/rate-limiter';
import { Session } from '../sessions/session.store';

const REPORTS_PAGE_SIZE = 25;

/** The gateway's side of abuse handling: who may ask, and how often; the qr-service keeps reports and codes. */
@Injectable()
export class AbuseApiService {
  constructor(
    private readonly bus: MessageBus,
    private readonly limiter: RateLimiter,
  ) {}

  async report(dto: ReportCodeDto, ip: string | undefined): Promise<void> {
    await this.limiter.hit({ key: `report-ip:${clientKey(ip)}`, max: 'reportsPerHour', windowSeconds: 3600 });
    // The DTO has checked the shape; this takes the slug out of a pasted short link.
    const slug = reportedSlug(dto.code) ?? '';
    await this.bus.request(QrPattern.CreateReport, {
      slug,
      reason: dto.reason,
      details: dto.details ?? '',
      reporterEmail: dto.email?.trim().toLowerCase() || null,
    });
  }

  list(query: ListReportsQueryDto): Promise<AbuseReportPage> {
    return this.bus.request(QrPattern.ListReports, {
      status: query.status ?? null,
      page: query.page ? Number(query.page) : 1,
      pageSize: REPORTS_PAGE_SIZE,
    });
  }

  setStatus(actor: Session, reportId: string, status: ReportStatus): Promise<AbuseReportView> {
    return this.bus.request(QrPattern.SetReportStatus, { reportId, status, actorId: actor.userId });
  }

  takeDown(actor: Session, slug: string, reason: string): Promise<ReportedCodeView> {
    return this.bus.request(QrPattern.TakeDownCode, { slug, reason, actorId: actor.userId });
  }

  restore(actor: Session, slug: string): Promise<ReportedCodeView> {
    return this.bus.request(QrPattern.RestoreCode, { slug, actorId: actor.userId });
  }
}
