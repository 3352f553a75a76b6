import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { LOGGER, Logger, requestContext } from '@qrd/config';
import { DomainEvent, EventPayloads, WorkspaceActivity } from '@qrd/contracts';
import { MessageBus, Outbox, ServiceOutbox } from '@qrd/messaging';
import { ServiceMetrics } from '@qrd/observability';
import { randomUUID } from 'node:crypto';
import { tableSlugOf, toRedirectEntry } from './code.record';
import { OwnerWebhookEvent, OwnerWebhooks } from './code-ports';
import { CodesRepository } from './codes.repository';
import { RedirectTable } from './redirect-table';

/** The redirects of these codes changed: their entries are rewritten from what PostgreSQL holds. */
const CODES_CHANGED = 'codes.changed';
const REDIRECT_TOMBSTONE = 'redirect.tombstone';
/** An event for the owner's webhook endpoints: stored, then one delivery job per endpoint taking it. */
const WEBHOOK_FAN_OUT = 'webhooks.fan-out';

/**
 * The qr-service's outbox: every change of a code records, in its own transaction, what must follow
 * from it (its redirect entries rewritten; billing told of a deletion, which frees the seat). After
 * the commit these are delivered at once; a failure or a crash in between leaves them to the relay,
 * so no deleted code keeps redirecting and no seat stays paid for a code that is gone.
 */
@Injectable()
export class CodeEvents extends ServiceOutbox {
  constructor(
    db: DataSource,
    codes: CodesRepository,
    table: RedirectTable,
    bus: MessageBus,
    private readonly webhooks: OwnerWebhooks,
    @Inject(LOGGER) logger: Logger,
    metrics: ServiceMetrics,
  ) {
    super(
      new Outbox(db, {
        schema: 'qr',
        logger,
        deliveries: {
          // Compare-and-set from the rows as they are now: a late or repeated delivery writes nothing older.
          [CODES_CHANGED]: async ({ payload }) => {
            const sources = await codes.redirectSources((payload as { codeIds: string[] }).codeIds);
            await table.write(
              sources.map((source) => ({ slug: tableSlugOf(source), entry: toRedirectEntry(source) })),
              { announceNew: true },
            );
          },
          [DomainEvent.CodeDeleted]: ({ payload }) =>
            bus.emitEvent(DomainEvent.CodeDeleted, payload as EventPayloads[DomainEvent.CodeDeleted]),
          [DomainEvent.CodeTakenDown]: ({ payload }) =>
            bus.emitEvent(DomainEvent.CodeTakenDown, payload as EventPayloads[DomainEvent.CodeTakenDown]),
          [DomainEvent.WebhookDisabled]: ({ payload }) =>
            bus.emitEvent(DomainEvent.WebhookDisabled, payload as EventPayloads[DomainEvent.WebhookDisabled]),
          [WEBHOOK_FAN_OUT]: ({ payload }) => webhooks.fanOut(payload as OwnerWebhookEvent),
          [DomainEvent.WorkspaceActivity]: ({ payload }) =>
            bus.emitEvent(DomainEvent.WorkspaceActivity, payload as EventPayloads[DomainEvent.WorkspaceActivity]),
          [DomainEvent.DataExportReady]: ({ payload }) =>
            bus.emitEvent(DomainEvent.DataExportReady, payload as EventPayloads[DomainEvent.DataExportReady]),
          // A code's old key after a move to another domain: "not found" there from this version on.
          [REDIRECT_TOMBSTONE]: async ({ payload }) => {
            const { key, codeId, version } = payload as { key: string; codeId: string; version: number };
            await table.write([{ slug: key, entry: { codeId, destination: null, state: 'deleted', version } }], { announceNew: true });
          },
          [DomainEvent.DomainNotice]: ({ payload }) => bus.emitEvent(DomainEvent.DomainNotice, payload as EventPayloads[DomainEvent.DomainNotice]),
        },
      }),
      metrics,
    );
  }

  /** Within `tx`: the redirects of these codes changed. Answers the event ids (none for no code). */
  async changed(tx: EntityManager, codeIds: string[]): Promise<string[]> {
    return codeIds.length ? [await this.outbox.add(tx, CODES_CHANGED, { codeIds })] : [];
  }

  /** Within `tx`: a code was deleted (its seat stays paid until the period ends; no service acts on it today). */
  async deleted(tx: EntityManager, event: EventPayloads[DomainEvent.CodeDeleted]): Promise<string[]> {
    return [await this.outbox.add(tx, DomainEvent.CodeDeleted, event)];
  }

  /** Within `tx`: an admin or the blocklist took a code down (the auth-service mails its owner). */
  async takenDown(tx: EntityManager, event: EventPayloads[DomainEvent.CodeTakenDown]): Promise<string[]> {
    return [await this.outbox.add(tx, DomainEvent.CodeTakenDown, event)];
  }

  /**
   * Within `tx`: an event for the owner's webhook endpoints (code.created, scan.created...). Its id
   * is made here, once, so every delivery and resend of it carries the same `webhook-id`.
   */
  async webhook(tx: EntityManager, ownerId: string, type: string, data: unknown): Promise<string[]> {
    // Most owners have no endpoint: their changes record nothing for webhooks.
    if (!(await this.webhooks.wanted(tx, ownerId, type))) return [];
    const record: OwnerWebhookEvent = {
      id: `msg_${randomUUID().replace(/-/g, '')}`,
      ownerId,
      type,
      body: { type, timestamp: new Date().toISOString(), data },
    };
    return [await this.outbox.add(tx, WEBHOOK_FAN_OUT, record)];
  }

  /**
   * Within `tx`: an entry for the workspace's audit log (the auth-service keeps it), naming the
   * member acting in this request.
   */
  async activity(tx: EntityManager, workspaceId: string, action: WorkspaceActivity['action'], details: WorkspaceActivity['details']): Promise<string[]> {
    const entry: WorkspaceActivity = { ref: `qr:${randomUUID()}`, workspaceId, actorId: requestContext.current()?.userId ?? null, action, details };
    return [await this.outbox.add(tx, DomainEvent.WorkspaceActivity, entry)];
  }

  /** Within `tx`: an endpoint was disabled after repeated failures (the auth-service mails its owner). */
  async webhookDisabled(tx: EntityManager, event: EventPayloads[DomainEvent.WebhookDisabled]): Promise<string[]> {
    return [await this.outbox.add(tx, DomainEvent.WebhookDisabled, event)];
  }

  /** Within `tx`: the code no longer answers at this key of the redirect table (it moved to another domain). */
  async tombstone(tx: EntityManager, key: string, codeId: string, version: number): Promise<string[]> {
    return [await this.outbox.add(tx, REDIRECT_TOMBSTONE, { key, codeId, version })];
  }

  /** Within `tx`: a custom domain became misconfigured or disabled (the auth-service mails its managers). */
  async domainNotice(tx: EntityManager, event: EventPayloads[DomainEvent.DomainNotice]): Promise<string[]> {
    return [await this.outbox.add(tx, DomainEvent.DomainNotice, event)];
  }

  /** Within `tx`: a data export is stored (the auth-service mails its owner the link). */
  async exportReady(tx: EntityManager, event: EventPayloads[DomainEvent.DataExportReady]): Promise<string[]> {
    return [await this.outbox.add(tx, DomainEvent.DataExportReady, event)];
  }
}
