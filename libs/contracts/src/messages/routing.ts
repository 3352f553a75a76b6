import { AuthPattern, AuthRequests } from './auth.messages';
import { BillingPattern, BillingRequests } from './billing.messages';
import { ConversionPattern, ConversionRequests } from './conversions.messages';
import { DomainPattern, DomainRequests } from './domains.messages';
import { QrPattern, QrRequests } from './qr.messages';
import { ServiceQueue } from './queues';
import { WebhookPattern, WebhookRequests } from './webhooks.messages';

export type RequestMap = AuthRequests & QrRequests & BillingRequests & WebhookRequests & DomainRequests & ConversionRequests;
export type RequestPattern = keyof RequestMap;
export type RequestOf<P extends RequestPattern> = RequestMap[P]['req'];
export type ReplyOf<P extends RequestPattern> = RequestMap[P]['res'];

/** Every request pattern a queue must have exactly one handler for. */
export const QUEUE_PATTERNS: Partial<Record<ServiceQueue, readonly string[]>> = {
  [ServiceQueue.Auth]: Object.values(AuthPattern),
  [ServiceQueue.Qr]: [...Object.values(QrPattern), ...Object.values(WebhookPattern), ...Object.values(DomainPattern), ...Object.values(ConversionPattern)],
  [ServiceQueue.Billing]: Object.values(BillingPattern),
};

export function queueForPattern(pattern: string): ServiceQueue {
  for (const [queue, patterns] of Object.entries(QUEUE_PATTERNS)) {
    if (patterns?.includes(pattern)) return queue as ServiceQueue;
  }
  throw new Error(`No service handles the message pattern "${pattern}"`);
}
