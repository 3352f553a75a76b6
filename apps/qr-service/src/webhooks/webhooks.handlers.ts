import { MessagePattern, Payload } from '@nestjs/microservices';
import { WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret, WebhookPattern, WebhookRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { WebhooksService } from './webhooks.service';

type Req<P extends WebhookPattern> = WebhookRequests[P]['req'];

@MessageController()
export class WebhooksHandlers {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(WebhookPattern.List)
  list(@Payload() req: Req<WebhookPattern.List>): Promise<WebhookEndpointView[]> {
    return this.webhooks.list(req.userId);
  }

  @MessagePattern(WebhookPattern.Create)
  create(@Payload() req: Req<WebhookPattern.Create>): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.create(req);
  }

  @MessagePattern(WebhookPattern.Update)
  update(@Payload() req: Req<WebhookPattern.Update>): Promise<WebhookEndpointView> {
    return this.webhooks.update(req);
  }

  @MessagePattern(WebhookPattern.Delete)
  async delete(@Payload() req: Req<WebhookPattern.Delete>): Promise<{ ok: true }> {
    await this.webhooks.delete(req.userId, req.endpointId);
    return { ok: true };
  }

  @MessagePattern(WebhookPattern.RotateSecret)
  rotate(@Payload() req: Req<WebhookPattern.RotateSecret>): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.rotateSecret(req.userId, req.endpointId);
  }

  @MessagePattern(WebhookPattern.Deliveries)
  deliveries(@Payload() req: Req<WebhookPattern.Deliveries>): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveries(req.userId, req.endpointId, req.limit);
  }

  @MessagePattern(WebhookPattern.Resend)
  async resend(@Payload() req: Req<WebhookPattern.Resend>): Promise<{ ok: true }> {
    await this.webhooks.resend(req.userId, req.endpointId, req.deliveryId);
    return { ok: true };
  }

  @MessagePattern(WebhookPattern.SendTest)
  async sendTest(@Payload() req: Req<WebhookPattern.SendTest>): Promise<{ ok: true }> {
    await this.webhooks.sendTest(req.userId, req.endpointId);
    return { ok: true };
  }
}
