import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsOptional, registerDecorator } from 'class-validator';
import { destinationProblem } from './code-fields';

/**
 * Outbound webhooks (docs/api.md "Webhooks"): endpoints an account registers, the events each
 * receives, signed with the Standard Webhooks scheme.
 */
export const WEBHOOK_EVENT_TYPES = ['code.created', 'code.updated', 'code.deleted', 'scan.created', 'subscription.updated', 'lead.created', 'sale.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** An account keeps at most this many endpoints. */
export const WEBHOOK_MAX_PER_USER = 10;
/** Characters of a receiver's answer kept in the delivery log. */
export const WEBHOOK_EXCERPT_LENGTH = 500;

export const WEBHOOK_MESSAGES = {
  events: `Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  enabled: 'enabled must be true or false',
  tooMany: `You can keep at most ${WEBHOOK_MAX_PER_USER} webhook endpoints: delete one you no longer use first`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  disabled: 'This endpoint is disabled: enable it first',
  privateNetwork: 'We do not send webhooks to private or local network addresses (such as localhost, 10.x.x.x or 192.168.x.x). Use an address that is reachable from the internet.',
} as const;

function IsWebhookUrl() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'webhookUrl',
      target: target.constructor,
      propertyName,
      options: { message: (args) => destinationProblem(args.value) ?? 'Invalid value' },
      validator: { validate: (value: unknown) => destinationProblem(value) === null },
    });
}

export class CreateWebhookDto {
  /** Where events are POSTed: http(s), public addresses only unless the operator allows private ones. */
  @IsWebhookUrl()
  url!: string;

  @IsArray({ message: WEBHOOK_MESSAGES.events })
  @ArrayNotEmpty({ message: WEBHOOK_MESSAGES.events })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: WEBHOOK_MESSAGES.events })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_MESSAGES.events })
  events!: WebhookEventType[];
}

export class UpdateWebhookDto {
  @IsOptional()
  @IsWebhookUrl()
  url?: string;

  @IsOptional()
  @IsArray({ message: WEBHOOK_MESSAGES.events })
  @ArrayNotEmpty({ message: WEBHOOK_MESSAGES.events })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: WEBHOOK_MESSAGES.events })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_MESSAGES.events })
  events?: WebhookEventType[];

  /** false stops deliveries; true starts them again (and clears the failure count). */
  @IsOptional()
  @IsBoolean({ message: WEBHOOK_MESSAGES.enabled })
  enabled?: boolean;
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why it is disabled: by its owner, or after repeated failed deliveries; null while enabled. */
  disabledReason: 'manual' | 'failures' | null;
  /** Deliveries that failed in a row (every retry used up); reset by a success. */
  consecutiveFailures: number;
  createdAt: string;
}

/** The answer to a creation or a rotation: the only time the signing secret is shown. */
export interface WebhookEndpointWithSecret extends WebhookEndpointView {
  /** `whsec_` and base64: give it to the Standard Webhooks library to verify signatures. */
  secret: string;
}

export type WebhookDeliveryOutcome = 'succeeded' | 'failed' | 'refused' | 'pending';

/** One attempt to deliver one event to one endpoint. */
export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  attempt: number;
  outcome: WebhookDeliveryOutcome;
  /** The receiver's HTTP status, or null when none came (refused, timeout, connection error). */
  statusCode: number | null;
  latencyMs: number | null;
  /** The start of the receiver's answer, or why nothing was sent. */
  responseExcerpt: string | null;
  error: string | null;
  createdAt: string;
}

/** What a receiver gets: the body of every webhook. */
export interface WebhookPayload<T = unknown> {
  type: WebhookEventType | 'webhook.test';
  timestamp: string;
  data: T;
}
