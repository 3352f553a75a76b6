import { EventPattern, Payload } from '@nestjs/microservices';
import { DomainEvent, EventPayloads } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { SessionStore } from './session.store';

@MessageController()
export class SessionEventsController {
  constructor(private readonly sessions: SessionStore) {}

  @EventPattern(DomainEvent.UserSuspended)
  async onUserSuspended(@Payload() event: EventPayloads[DomainEvent.UserSuspended]): Promise<void> {
    await this.sessions.destroyAllForUser(event.userId);
  }

  @EventPattern(DomainEvent.UserDeleted)
  async onUserDeleted(@Payload() event: EventPayloads[DomainEvent.UserDeleted]): Promise<void> {
    await this.sessions.destroyAllForUser(event.userId);
  }

  @EventPattern(DomainEvent.SessionsRevoke)
  async onRevoke(@Payload() event: EventPayloads[DomainEvent.SessionsRevoke]): Promise<void> {
    await this.sessions.destroyAllForUser(event.userId, event.exceptSessionId);
  }
}
