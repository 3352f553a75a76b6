import type { UpdateWebhookDto, WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret, WebhookEventType } from '../dto/webhook.dto';

/** Requests the qr-service answers about an account's webhook endpoints. */
export enum WebhookPattern {
  List = 'qr.webhooks.list',
  Create = 'qr.webhooks.create',
  Update = 'qr.webhooks.update',
  Delete = 'qr.webhooks.delete',
  RotateSecret = 'qr.webhooks.rotate-secret',
  Deliveries = 'qr.webhooks.deliveries',
  /** Deliver one logged event to its endpoint again (a new attempt, same event id). */
  Resend = 'qr.webhooks.resend',
  /** A `webhook.test` event to one endpoint. */
  SendTest = 'qr.webhooks.send-test',
}

type Owned<T = object> = { userId: string; endpointId: string } & T;

export interface WebhookRequests {
  [WebhookPattern.List]: { req: { userId: string }; res: WebhookEndpointView[] };
  [WebhookPattern.Create]: { req: { userId: string; url: string; events: WebhookEventType[] }; res: WebhookEndpointWithSecret };
  [WebhookPattern.Update]: { req: Owned<UpdateWebhookDto>; res: WebhookEndpointView };
  [WebhookPattern.Delete]: { req: Owned; res: { ok: true } };
  [WebhookPattern.RotateSecret]: { req: Owned; res: WebhookEndpointWithSecret };
  [WebhookPattern.Deliveries]: { req: Owned<{ limit: number }>; res: WebhookDeliveryView[] };
  [WebhookPattern.Resend]: { req: Owned<{ deliveryId: string }>; res: { ok: true } };
  [WebhookPattern.SendTest]: { req: Owned; res: { ok: true } };
}

/** The BullMQ queue of webhook deliveries (one job per event and endpoint). */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-deliveries';
export enum WebhookJob {
  Deliver = 'deliver',
}
export interface WebhookJobData {
  eventId: string;
  endpointId: string;
}
