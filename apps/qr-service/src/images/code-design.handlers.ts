import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { CodeImagesService } from './code-images.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

/** A code's design and logo, changed by its owner over the queue. */
@MessageController()
export class CodeDesignHandlers {
  constructor(private readonly images: CodeImagesService) {}

  @MessagePattern(QrPattern.UpdateDesign)
  updateDesign(@Payload() req: Req<QrPattern.UpdateDesign>): Res<QrPattern.UpdateDesign> {
    return this.images.updateDesign(req.userId, req.codeId, req.design, req.unchangedSince);
  }

  @MessagePattern(QrPattern.SetLogo)
  setLogo(@Payload() req: Req<QrPattern.SetLogo>): Res<QrPattern.SetLogo> {
    return this.images.setLogo(req.userId, req.codeId, req.logoBase64);
  }
}
