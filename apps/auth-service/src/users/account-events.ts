import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { LOGGER, Logger } from '@qrd/config';
import { DomainEvent, EventPayloads } from '@qrd/contracts';
import { MessageBus, Outbox, ServiceOutbox } from '@qrd/messaging';
import { ServiceMetrics } from '@qrd/observability';

export type AccountEvent = DomainEvent.UserSuspended | DomainEvent.UserReactivated | DomainEvent.UserDeleted | DomainEvent.SessionsRevoke | DomainEvent.WorkspaceDeleted;
const ACCOUNT_EVENTS: AccountEvent[] = [
  DomainEvent.UserSuspended,
  DomainEvent.UserReactivated,
  DomainEvent.UserDeleted,
  DomainEvent.SessionsRevoke,
  DomainEvent.WorkspaceDeleted,
];

/**
 * The auth-service's outbox table (`auth.outbox`) with a delivery for every account event. The
 * service's relay and the operator commands (create-admin) write to the same table, so an event
 * recorded by a command is delivered by the running service even when the command could not.
 */
export function accountOutbox(db: DataSource, bus: Pick<MessageBus, 'emitEvent'>, logger: Logger): Outbox {
  return new Outbox(db, {
    schema: 'auth',
    logger,
    deliveries: Object.fromEntries(
      ACCOUNT_EVENTS.map((event) => [event, ({ payload }) => bus.emitEvent(event, payload as EventPayloads[AccountEvent])]),
    ),
  });
}

/**
 * The auth-service's outbox: a suspension, a reactivation or sessions to end is recorded in the
 * transaction of the change, then published; what cannot be published at once (Redis away, a crash
 * in between) is published by the relay. A suspended account's codes stop and its sessions end
 * even when Redis hiccups right after the suspension is saved.
 */
@Injectable()
export class AccountEvents extends ServiceOutbox {
  constructor(db: DataSource, bus: MessageBus, @Inject(LOGGER) logger: Logger, metrics: ServiceMetrics) {
    super(accountOutbox(db, bus, logger), metrics);
  }

  /** Within `tx`: `event` happened. Answers its id, to deliver after the commit. */
  async record<E extends AccountEvent>(tx: EntityManager, event: E, payload: EventPayloads[E]): Promise<string> {
    return this.outbox.add(tx, event, payload);
  }
}
