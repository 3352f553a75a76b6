import { Injectable } from '@nestjs/common';
import {
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecret,
  WebhookPattern,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';

/** The delivery log shows this many latest attempts. */
const LOG_LENGTH = 50;

/** Webhook endpoints over the qr-service's requests: the same for the account's screens and /api/v1. */
@Injectable()
export class WebhooksApiService {
  constructor(private readonly bus: MessageBus) {}

  list(userId: string): Promise<WebhookEndpointView[]> {
    return this.bus.request(WebhookPattern.List, { userId });
  }

  create(userId: string, body: CreateWebhookDto): Promise<WebhookEndpointWithSecret> {
    return this.bus.request(WebhookPattern.Create, { userId, url: body.url, events: body.events });
  }

  update(userId: string, endpointId: string, body: UpdateWebhookDto): Promise<WebhookEndpointView> {
    return this.bus.request(WebhookPattern.Update, { userId, endpointId, url: body.url, events: body.events, enabled: body.enabled });
  }

  async delete(userId: string, endpointId: string): Promise<void> {
    await this.bus.request(WebhookPattern.Delete, { userId, endpointId });
  }

  rotateSecret(userId: string, endpointId: string): Promise<WebhookEndpointWithSecret> {
    return this.bus.request(WebhookPattern.RotateSecret, { userId, endpointId });
  }

  deliveries(userId: string, endpointId: string): Promise<WebhookDeliveryView[]> {
    return this.bus.request(WebhookPattern.Deliveries, { userId, endpointId, limit: LOG_LENGTH });
  }

  async resend(userId: string, endpointId: string, deliveryId: string): Promise<void> {
    await this.bus.request(WebhookPattern.Resend, { userId, endpointId, deliveryId });
  }

  async sendTest(userId: string, endpointId: string): Promise<void> {
    await this.bus.request(WebhookPattern.SendTest, { userId, endpointId });
  }
}
