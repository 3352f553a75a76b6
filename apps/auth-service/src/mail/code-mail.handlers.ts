import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { dataExportDownloadPath, DomainError, DomainEvent, ErrorCode, EventPayloads, ROLE_MATRIX, UserView } from '@qrd/contracts';
import { DataSource } from 'typeorm';
import { MessageController } from '@qrd/messaging';
import { UsersService } from '../users/users.service';
import { workspaceRecipients } from '../workspaces/workspace-access';
import { MailQueue } from './mail.queue';
import { dataExportReadyMail, domainNoticeMail, takedownMail, webhookDisabledMail } from './templates';

/** Mail that follows from what the qr-service did in a workspace (it knows codes and exports, this service addresses and words it, in each recipient's language). */
@MessageController()
export class CodeMailHandlers {
  constructor(
    private readonly users: UsersService,
    private readonly db: DataSource,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @EventPattern(DomainEvent.DataExportReady)
  async onExportReady(@Payload() event: EventPayloads[DomainEvent.DataExportReady]): Promise<void> {
    const owner = await this.owner(event.userId);
    if (!owner) return;
    const base = this.config.publicBaseUrl;
    // A shared workspace's export names it, in the link and on the account page it opens.
    const shared = event.workspaceId && event.workspaceId !== event.userId ? event.workspaceId : null;
    const links = {
      download: `${base}${dataExportDownloadPath(event.exportId, shared)}`,
      account: shared ? `${base}/w/${shared}/account?tab=profile` : `${base}/account?tab=profile`,
    };
    await this.mail.enqueue(dataExportReadyMail(owner.email, owner.username, links, new Date(event.expiresAt), owner.language));
  }

  /** To the owners and admins of the code's workspace. */
  @EventPattern(DomainEvent.CodeTakenDown)
  async onTakenDown(@Payload() event: EventPayloads[DomainEvent.CodeTakenDown]): Promise<void> {
    const base = this.config.publicBaseUrl;
    for (const owner of await workspaceRecipients(this.db, event.userId, ['owner', 'admin'])) {
      await this.mail.enqueue(
        takedownMail(
          owner.email,
          owner.username,
          {
            name: event.name,
            shortUrl: event.shortUrl ?? `${base}/r/${event.slug}`,
            destination: event.destination,
            reason: event.reason,
            contactUrl: `${base}/contact`,
          },
          owner.language,
        ),
      );
    }
  }

  /** To the members who manage the workspace's webhooks. */
  @EventPattern(DomainEvent.WebhookDisabled)
  async onWebhookDisabled(@Payload() event: EventPayloads[DomainEvent.WebhookDisabled]): Promise<void> {
    const accountUrl = `${this.config.publicBaseUrl}/account?tab=webhooks`;
    for (const member of await workspaceRecipients(this.db, event.userId, ROLE_MATRIX['integrations.manage'])) {
      await this.mail.enqueue(webhookDisabledMail(member.email, member.username, { url: event.url, failures: event.failures, accountUrl }, member.language));
    }
  }

  /** To the members who manage the workspace's custom domains. */
  @EventPattern(DomainEvent.DomainNotice)
  async onDomainNotice(@Payload() event: EventPayloads[DomainEvent.DomainNotice]): Promise<void> {
    const base = this.config.publicBaseUrl;
    const domainsUrl = `${base}/w/${event.workspaceId}/account?tab=domains`;
    for (const member of await workspaceRecipients(this.db, event.workspaceId, ROLE_MATRIX['domains.manage'])) {
      await this.mail.enqueue(
        domainNoticeMail(
          member.email,
          member.username,
          {
            hostname: event.hostname,
            state: event.state,
            reason: event.reason,
            disablesAt: event.disablesAt ? new Date(event.disablesAt) : null,
            byAdmin: event.byAdmin,
            domainsUrl,
          },
          member.language,
        ),
      );
    }
  }

  private async owner(userId: string): Promise<UserView | null> {
    try {
      return await this.users.get(userId);
    } catch (error) {
      // An account deleted meanwhile has nobody to tell.
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) return null;
      throw error;
    }
  }
}
