import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainError, DomainEvent, ErrorCode, EventPayloads, UserView } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { UsersService } from '../users/users.service';
import { billingMail } from './billing-templates';
import { MailQueue } from './mail.queue';

/** Billing mail: the billing-service says what happened and its figures, this service addresses and words it. */
@MessageController()
export class BillingMailHandlers {
  constructor(
    private readonly users: UsersService,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @EventPattern(DomainEvent.BillingNotice)
  async onNotice(@Payload() notice: EventPayloads[DomainEvent.BillingNotice]): Promise<void> {
    let owner: UserView;
    try {
      owner = await this.users.get(notice.userId);
    } catch (error) {
      // An account deleted meanwhile has nobody to tell.
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) return;
      throw error;
    }
    const base = this.config.publicBaseUrl;
    await this.mail.enqueue(
      billingMail(owner.email, owner.username, notice, { account: `${base}/account?tab=subscription`, subscribe: `${base}/subscribe` }),
    );
  }
}
