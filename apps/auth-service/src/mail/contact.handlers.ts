import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPattern, AuthRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { MailQueue } from './mail.queue';
import { contactMail } from './templates';

type Req<P extends AuthPattern> = AuthRequests[P]['req'];
type Res<P extends AuthPattern> = Promise<AuthRequests[P]['res']>;

/** The contact form's message, mailed to the team. */
@MessageController()
export class ContactHandlers {
  constructor(
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @MessagePattern(AuthPattern.SendContactMessage)
  async contact(@Payload() req: Req<AuthPattern.SendContactMessage>): Res<AuthPattern.SendContactMessage> {
    await this.mail.enqueue(contactMail(this.config.mail.contactTo, req));
    return { ok: true };
  }
}
