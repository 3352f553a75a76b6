import { Inject, Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { WebhookJobData } from '@qrd/contracts';
import { CodeEvents } from '../codes/code-events';
import { sendWebhook } from './webhook-sender';
import { WebhookSecrets } from './webhook-secrets';
import { WebhooksRepository } from './webhooks.repository';

/** The receiver did not take the event: BullMQ retries the job after its backoff. */
export class DeliveryFailed extends Error {}

/** What the delivery log says of an event dropped because its owner's account is suspended. */
export const OWNER_SUSPENDED = 'Owner suspended';

/**
 * One attempt to deliver one event to one endpoint: signed (Standard Webhooks: HMAC-SHA256 over
 * id, timestamp and body), sent, and logged. An endpoint deleted or disabled meanwhile gets
 * nothing; while its owner's account is suspended, nothing is sent either and the event is dropped
 * ("Owner suspended" in the log, no retry: the owner may resend it once reactivated). When an event
 * has used up every attempt, the endpoint counts one more failure in a row; at the configured count
 * it is disabled and its owner told by mail (both in one transaction).
 */
@Injectable()
export class WebhookDelivery {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly events: CodeEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async attempt(job: WebhookJobData, attempt: number, maxAttempts: number): Promise<void> {
    const [endpoint, event] = await Promise.all([this.repository.find(job.endpointId), this.repository.findEvent(job.eventId)]);
    if (!endpoint || !endpoint.enabled || !event) return;
    if (await this.repository.ownerSuspended(endpoint.ownerId)) {
      await this.repository.recordDelivery({
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        attempt,
        outcome: 'refused',
        statusCode: null,
        latencyMs: null,
        responseExcerpt: null,
        error: OWNER_SUSPENDED,
      });
      this.logger.info({ endpointId: endpoint.id, eventId: event.id, ownerId: endpoint.ownerId }, 'webhook not sent: owner suspended');
      return;
    }
    const body = JSON.stringify(event.body);
    const signer = new Webhook(this.secrets.open(endpoint.secretSealed));
    const now = new Date();
    const headers = {
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signer.sign(event.id, now, body),
    };
    const result = await sendWebhook(endpoint.url, headers, body, {
      allowPrivateNetworks: this.config.allowPrivateDestinations,
      timeoutMs: this.config.webhooks.timeoutMs,
    });
    await this.repository.recordDelivery({ endpointId: endpoint.id, eventId: event.id, eventType: event.type, attempt, ...result });
    if (result.outcome === 'succeeded') {
      await this.repository.succeeded(endpoint.id);
      return;
    }
    this.logger.info({ endpointId: endpoint.id, eventId: event.id, attempt, outcome: result.outcome, error: result.error }, 'webhook delivery failed');
    if (attempt >= maxAttempts) await this.failedForGood(endpoint.id);
    throw new DeliveryFailed(result.error ?? 'not delivered');
  }

  private async failedForGood(endpointId: string): Promise<void> {
    const limit = this.config.webhooks.disableAfterFailures;
    const ids = await this.repository.transaction(async (tx) => {
      const disabled = await this.repository.failedForGood(tx, endpointId, limit);
      if (!disabled) return [];
      this.logger.warn({ endpointId, failures: limit }, 'webhook endpoint disabled after repeated failed deliveries');
      return this.events.webhookDisabled(tx, { userId: disabled.ownerId, endpointId, url: disabled.url, failures: limit });
    });
    await this.events.deliver(ids);
  }
}
