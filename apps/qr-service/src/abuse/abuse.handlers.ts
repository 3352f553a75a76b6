import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { AbuseService } from './abuse.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

@MessageController()
export class AbuseHandlers {
  constructor(private readonly abuse: AbuseService) {}

  @MessagePattern(QrPattern.CreateReport)
  createReport(@Payload() req: Req<QrPattern.CreateReport>): Res<QrPattern.CreateReport> {
    return this.abuse.createReport(req);
  }

  @MessagePattern(QrPattern.ListReports)
  listReports(@Payload() req: Req<QrPattern.ListReports>): Res<QrPattern.ListReports> {
    return this.abuse.listReports(req);
  }

  @MessagePattern(QrPattern.SetReportStatus)
  setReportStatus(@Payload() req: Req<QrPattern.SetReportStatus>): Res<QrPattern.SetReportStatus> {
    return this.abuse.setReportStatus(req);
  }

  @MessagePattern(QrPattern.TakeDownCode)
  takeDown(@Payload() req: Req<QrPattern.TakeDownCode>): Res<QrPattern.TakeDownCode> {
    return this.abuse.takeDown(req);
  }

  @MessagePattern(QrPattern.RestoreCode)
  restore(@Payload() req: Req<QrPattern.RestoreCode>): Res<QrPattern.RestoreCode> {
    return this.abuse.restore(req);
  }
}
