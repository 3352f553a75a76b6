import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainError, DomainEvent, ErrorCode, EventPayloads, UserView } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { UsersService } from '../users/users.service';
import { MailQueue } from './mail.queue';
import { takedownMail } from './templates';

/** Mail that follows from what happened to a user's codes (the qr-service knows codes, this service addresses). */
@MessageController()
export class CodeMailHandlers {
  constructor(
    private readonly users: UsersService,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @EventPattern(DomainEvent.CodeTakenDown)
  async onTakenDown(@Payload() event: EventPayloads[DomainEvent.CodeTakenDown]): Promise<void> {
    let owner: UserView;
    try {
      owner = await this.users.get(event.userId);
    } catch (error) {
      // An account deleted meanwhile has nobody to tell.
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) return;
      throw error;
    }
    const base = this.config.publicBaseUrl;
    await this.mail.enqueue(
      takedownMail(owner.email, owner.username, {
        name: event.name,
        shortUrl: `${base}/r/${event.slug}`,
        destination: event.destination,
        reason: event.reason,
        contactUrl: `${base}/contact`,
      }),
    );
  }
}
