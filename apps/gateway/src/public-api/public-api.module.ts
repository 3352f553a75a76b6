import { V1EventsController } from './v1-events.controller';
import { Module } from '@nestjs/common';
import { QrApiModule } from '../qr/qr-api.module';
import { ApiKeysController } from './api-keys.controller';
import { ApiReferencePage } from './api-reference-page';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IfMatchInterceptor } from './if-match.interceptor';
import { OpenApiController } from './openapi.controller';
import { OpenApiDocument } from './openapi-document';
import { PublicApiService } from './public-api.service';
import { V1AnalyticsController } from './v1-analytics.controller';
import { V1CodesController } from './v1-codes.controller';
import { V1WebhooksController } from './v1-webhooks.controller';
import { WebhooksApiService } from './webhooks-api.service';
import { WebhooksController } from './webhooks.controller';

/**
 * The public API: /api/v1 (by API key), its OpenAPI document and reference page, and the
 * account's key and webhook management (/api/api-keys, /api/webhooks, by session).
 */
@Module({
  imports: [QrApiModule],
  controllers: [V1CodesController, V1AnalyticsController, V1WebhooksController, V1EventsController, OpenApiController, ApiKeysController, WebhooksController],
  providers: [PublicApiService, WebhooksApiService, IdempotencyInterceptor, IfMatchInterceptor, OpenApiDocument, ApiReferencePage],
})
export class PublicApiModule {}
