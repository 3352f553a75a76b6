import { Module } from '@nestjs/common';
import { QrApiModule } from '../qr/qr-api.module';
import { ApiKeysController } from './api-keys.controller';
import { ApiReferencePage } from './api-reference-page';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { OpenApiController } from './openapi.controller';
import { OpenApiDocument } from './openapi-document';
import { PublicApiService } from './public-api.service';
import { V1AnalyticsController } from './v1-analytics.controller';
import { V1CodesController } from './v1-codes.controller';

/**
 * The public API: /api/v1 (by API key), its OpenAPI document and reference page, and the
 * account's key management (/api/api-keys, by session).
 */
@Module({
  imports: [QrApiModule],
  controllers: [V1CodesController, V1AnalyticsController, OpenApiController, ApiKeysController],
  providers: [PublicApiService, IdempotencyInterceptor, OpenApiDocument, ApiReferencePage],
})
export class PublicApiModule {}
