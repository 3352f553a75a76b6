import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainEvent, EventPayloads, ROLE_MATRIX } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { workspaceRecipients } from '../workspaces/workspace-access';
import { billingMail } from './billing-templates';
import { MailQueue } from './mail.queue';

/**
 * Billing mail: the billing-service says what happened in a workspace's subscription and its
 * figures, this service addresses and words it, to each member who manages its billing (the owner
 * of a personal workspace, and billing members), each in their own language.
 */
@MessageController()
export class BillingMailHandlers {
  constructor(
    private readonly db: DataSource,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @EventPattern(DomainEvent.BillingNotice)
  async onNotice(@Payload() notice: EventPayloads[DomainEvent.BillingNotice]): Promise<void> {
    // A workspace (or account) deleted meanwhile has nobody to tell.
    const base = this.config.publicBaseUrl;
    for (const member of await workspaceRecipients(this.db, notice.userId, ROLE_MATRIX['billing.manage'])) {
      await this.mail.enqueue(
        billingMail(member.email, member.username, notice, { account: `${base}/account?tab=subscription`, subscribe: `${base}/subscribe` }, member.language),
      );
    }
  }
}
