import { Module } from '@nestjs/common';
import { AbuseModule } from '../abuse/abuse.module';
import { CodesModule } from '../codes/codes.module';
import { CodeWebhooks } from './code-webhooks';
import { ScanWebhooks } from './scan-webhooks';
import { WebhookDelivery } from './webhook-delivery';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookSecrets } from './webhook-secrets';
import { WebhooksHandlers } from './webhooks.handlers';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** The owners' webhook endpoints, the fan-out and delivery of events; the codes' webhook port. */
@Module({
  imports: [CodesModule, AbuseModule],
  controllers: [WebhooksHandlers],
  providers: [WebhooksRepository, WebhookSecrets, WebhookDispatcher, WebhookDelivery, WebhookDeliveryWorker, WebhooksService, ScanWebhooks, CodeWebhooks],
  exports: [WebhooksService, CodeWebhooks],
})
export class WebhooksModule {}
