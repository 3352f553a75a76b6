import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  ABUSE_MESSAGES,
  destinationProblem,
  DomainError,
  DomainEvent,
  ErrorCode,
  EventPayloads,
  QR_MESSAGES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_PER_USER,
  WEBHOOK_MESSAGES,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecret,
  WebhookEventType,
  WebhookPattern,
  WebhookRequests,
  WorkspaceActivity,
} from '@qrd/contracts';
import type { EntityManager } from 'typeorm';
import { DestinationBlocklist } from '../abuse/destination-blocklist';
import { CodeEvents } from '../codes/code-events';
import { destinationRefusal } from '../codes/destination-policy';
import { WebhookDispatcher } from './webhook-dispatcher';
import { newWebhookSecret, WebhookSecrets } from './webhook-secrets';
import { EndpointRow, toEndpointView, WebhooksRepository } from './webhooks.repository';

type Req<P extends WebhookPattern> = WebhookRequests[P]['req'];

function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { [field]: message });
}

function notFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, WEBHOOK_MESSAGES.notFound);
}

/** An account's webhook endpoints: registration, secrets, the delivery log, resends and test events. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly dispatcher: WebhookDispatcher,
    private readonly events: CodeEvents,
    private readonly blocklist: DestinationBlocklist,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(userId: string): Promise<WebhookEndpointView[]> {
    return (await this.repository.list(userId)).map(toEndpointView);
  }

  /** The answer holds the signing secret: the only time it is shown. */
  async create(input: Req<WebhookPattern.Create>): Promise<WebhookEndpointWithSecret> {
    const url = this.checkUrl(input.url);
    const events = this.checkEvents(input.events);
    const secret = newWebhookSecret();
    const row = await this.audited(async (tx) => {
      // One creation per owner at a time, so the limit holds under concurrent requests.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('webhooks:' || $1))`, [input.userId]);
      if ((await this.repository.count(input.userId, tx)) >= WEBHOOK_MAX_PER_USER) throw new DomainError(ErrorCode.Conflict, WEBHOOK_MESSAGES.tooMany);
      const row = await this.repository.insert(tx, { ownerId: input.userId, url, events, secretSealed: this.secrets.seal(secret) });
      return { result: row, audit: { workspaceId: input.userId, action: 'webhook.created', details: { url, change: `events: ${events.join(', ')}` } } };
    });
    return { ...toEndpointView(row), secret };
  }

  async update(input: Req<WebhookPattern.Update>): Promise<WebhookEndpointView> {
    const changes = {
      url: input.url === undefined ? undefined : this.checkUrl(input.url),
      events: input.events === undefined ? undefined : this.checkEvents(input.events),
      enabled: typeof input.enabled === 'boolean' ? input.enabled : undefined,
    };
    const what = [
      changes.url !== undefined ? 'address' : null,
      changes.events !== undefined ? `events: ${changes.events.join(', ')}` : null,
      changes.enabled === true ? 'turned on' : changes.enabled === false ? 'turned off' : null,
    ].filter(Boolean);
    const row = await this.audited(async (tx) => {
      const row = await this.repository.update(input.userId, input.endpointId, changes, tx);
      if (!row) throw notFound();
      return { result: row, audit: what.length ? { workspaceId: input.userId, action: 'webhook.changed', details: { url: row.url, change: what.join('; ') } } : null };
    });
    return toEndpointView(row);
  }

  async delete(userId: string, endpointId: string): Promise<void> {
    await this.audited(async (tx) => {
      const url = await this.repository.delete(userId, endpointId, tx);
      if (url === null) throw notFound();
      return { result: undefined, audit: { workspaceId: userId, action: 'webhook.deleted', details: { url } } };
    });
  }

  /** A new secret; the old one stops signing at once. */
  async rotateSecret(userId: string, endpointId: string): Promise<WebhookEndpointWithSecret> {
    const secret = newWebhookSecret();
    const row = await this.audited(async (tx) => {
      const row = await this.repository.update(userId, endpointId, { secretSealed: this.secrets.seal(secret) }, tx);
      if (!row) throw notFound();
      return { result: row, audit: { workspaceId: userId, action: 'webhook.changed', details: { url: row.url, change: 'signing secret rotated' } } };
    });
    return { ...toEndpointView(row), secret };
  }

  /** A change of endpoints and its entry in the workspace's audit log, in one transaction; the entry is sent after the commit. */
  private async audited<T>(
    work: (tx: EntityManager) => Promise<{ result: T; audit: { workspaceId: string; action: WorkspaceActivity['action']; details: WorkspaceActivity['details'] } | null }>,
  ): Promise<T> {
    const { result, ids } = await this.repository.transaction(async (tx) => {
      const { result, audit } = await work(tx);
      return { result, ids: audit ? await this.events.activity(tx, audit.workspaceId, audit.action, audit.details) : [] };
    });
    await this.events.deliver(ids);
    return result;
  }

  async deliveries(userId: string, endpointId: string, limit: number): Promise<WebhookDeliveryView[]> {
    await this.require(userId, endpointId);
    return this.repository.deliveries(endpointId, Math.min(Math.max(1, Math.floor(limit) || 50), 200));
  }

  /** The logged event again, with the same webhook-id (receivers deduplicate by it). */
  async resend(userId: string, endpointId: string, deliveryId: string): Promise<void> {
    await this.requireEnabled(userId, endpointId);
    const delivery = await this.repository.findDelivery(endpointId, deliveryId);
    if (!delivery) throw new DomainError(ErrorCode.NotFound, WEBHOOK_MESSAGES.deliveryNotFound);
    await this.dispatcher.enqueue({ id: delivery.eventId }, endpointId);
  }

  async sendTest(userId: string, endpointId: string): Promise<void> {
    await this.requireEnabled(userId, endpointId);
    const id = `msg_${randomUUID().replace(/-/g, '')}`;
    const body = { type: 'webhook.test', timestamp: new Date().toISOString(), data: { endpointId } };
    await this.dispatcher.enqueue({ id, ownerId: userId, type: 'webhook.test', body }, endpointId, true);
  }

  deleteAllOwned(userId: string): Promise<void> {
    return this.repository.deleteAllOwned(userId);
  }

  /** subscription.changed from billing becomes subscription.updated for the owner's endpoints. */
  async subscriptionChanged(event: EventPayloads[DomainEvent.SubscriptionChanged]): Promise<void> {
    const ids = await this.repository.transaction((tx) =>
      this.events.webhook(tx, event.userId, 'subscription.updated', {
        status: event.status,
        seats: event.seats,
        redirectsEnabled: event.redirectsEnabled,
      }),
    );
    await this.events.deliver(ids);
  }

  private async require(userId: string, endpointId: string): Promise<EndpointRow> {
    const row = await this.repository.findOwned(userId, endpointId);
    if (!row) throw notFound();
    return row;
  }

  private async requireEnabled(userId: string, endpointId: string): Promise<void> {
    if (!(await this.require(userId, endpointId)).enabled) throw new DomainError(ErrorCode.Conflict, WEBHOOK_MESSAGES.disabled);
  }

  private checkEvents(events: unknown): WebhookEventType[] {
    const list = Array.isArray(events) ? events : [];
    if (list.length === 0 || list.some((e) => !WEBHOOK_EVENT_TYPES.includes(e as WebhookEventType))) throw invalid('events', WEBHOOK_MESSAGES.events);
    return WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type));
  }

  /** The rules of code destinations: http(s), no credentials, not our short links, no private network unless allowed. */
  private checkUrl(value: unknown): string {
    const problem = destinationProblem(value);
    if (problem) throw invalid('url', problem);
    const url = new URL((value as string).trim());
    const refusal = destinationRefusal(url, { publicBaseUrl: this.config.publicBaseUrl, allowPrivateNetworks: this.config.allowPrivateDestinations });
    if (refusal === 'own-link') throw invalid('url', QR_MESSAGES.urlOwnRedirect);
    if (refusal === 'private-network') throw invalid('url', WEBHOOK_MESSAGES.privateNetwork);
    if (this.blocklist.refuses(url)) throw invalid('url', ABUSE_MESSAGES.blockedDestination);
    return url.href;
  }
}
