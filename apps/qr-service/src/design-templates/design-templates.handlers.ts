import { MessagePattern, Payload } from '@nestjs/microservices';
import { QrPattern, QrRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { DesignTemplatesService } from './design-templates.service';

type Req<P extends QrPattern> = QrRequests[P]['req'];
type Res<P extends QrPattern> = Promise<QrRequests[P]['res']>;

@MessageController()
export class DesignTemplatesHandlers {
  constructor(private readonly templates: DesignTemplatesService) {}

  @MessagePattern(QrPattern.ListDesignTemplates)
  list(@Payload() req: Req<QrPattern.ListDesignTemplates>): Res<QrPattern.ListDesignTemplates> {
    return this.templates.list(req.userId);
  }

  @MessagePattern(QrPattern.CreateDesignTemplate)
  create(@Payload() req: Req<QrPattern.CreateDesignTemplate>): Res<QrPattern.CreateDesignTemplate> {
    return this.templates.create(req);
  }

  @MessagePattern(QrPattern.DeleteDesignTemplate)
  delete(@Payload() req: Req<QrPattern.DeleteDesignTemplate>): Res<QrPattern.DeleteDesignTemplate> {
    return this.templates.delete(req.userId, req.templateId);
  }
}
