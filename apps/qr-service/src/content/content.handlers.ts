import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { ContentService } from './content.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

@MessageController()
export class ContentHandlers {
  constructor(private readonly content: ContentService) {}

  @MessagePattern(QrPattern.PublicPage)
  page(@Payload() req: Req<QrPattern.PublicPage>): Res<QrPattern.PublicPage> {
    return this.content.page(req.slug);
  }
}
