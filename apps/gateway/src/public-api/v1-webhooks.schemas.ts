import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CreateWebhookDto, UpdateWebhookDto, WEBHOOK_EVENT_TYPES } from '@qrd/contracts';
import type { WebhookEventType } from '@qrd/contracts';

/** Requests and answers of /api/v1/webhooks, described for the OpenAPI document (rules from libs/contracts). */

export class V1CreateWebhookBody extends CreateWebhookDto {
  @ApiProperty({ format: 'uri', maxLength: 2048, description: 'Where events are POSTed (http or https, a public address)', example: 'https://example.com/hooks/qr' })
  declare url: string;

  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] }, minItems: 1, description: 'The events this endpoint receives' })
  declare events: WebhookEventType[];
}

export class V1UpdateWebhookBody extends UpdateWebhookDto {
  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  declare url?: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] }, minItems: 1 })
  declare events?: WebhookEventType[];

  @ApiPropertyOptional({ description: 'false stops deliveries; true starts them again and clears the failure count' })
  declare enabled?: boolean;
}

export class V1WebhookEndpoint {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } }) events!: string[];
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ oneOf: [{ type: 'string', enum: ['manual', 'failures'] }, { type: 'null' }], description: 'Why deliveries stopped' }) disabledReason!: string | null;
  @ApiProperty({ type: 'integer', description: 'Events in a row that used up every retry' }) consecutiveFailures!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class V1WebhookEndpointWithSecret extends V1WebhookEndpoint {
  @ApiProperty({ description: 'The Standard Webhooks signing secret (whsec_...): shown only in this answer', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
  secret!: string;
}

export class V1WebhookDelivery {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'The webhook-id header: the same for every attempt of an event' }) eventId!: string;
  @ApiProperty() eventType!: string;
  @ApiProperty({ type: 'integer', description: '1 for the first attempt' }) attempt!: number;
  @ApiProperty({ enum: ['succeeded', 'failed', 'refused'] }) outcome!: string;
  @ApiProperty({ type: 'integer', nullable: true }) statusCode!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) latencyMs!: number | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'The start of the answer (500 characters at most)' }) responseExcerpt!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
