import { EventPattern, Payload } from '@nestjs/microservices';
import { DomainEvent, EventPayloads } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { WebhooksService } from '../webhooks/webhooks.service';
import { DataExportsService } from '../data-export/data-exports.service';
import { OwnerCodesService } from '../codes/owner-codes.service';
import { CodeHistoryRepository } from '../history/code-history.repository';

/**
 * Billing and account events that stop, restart or erase every code of a user, and what the
 * features built on codes keep of the account (webhook endpoints, data exports) (DESIGN sections 6 and 7).
 */
@MessageController()
export class AccountEventsHandlers {
  constructor(
    private readonly codes: OwnerCodesService,
    private readonly webhooks: WebhooksService,
    private readonly exports: DataExportsService,
    private readonly history: CodeHistoryRepository,
  ) {}

  @EventPattern(DomainEvent.SubscriptionChanged)
  async onSubscription(@Payload() event: EventPayloads[DomainEvent.SubscriptionChanged]): Promise<void> {
    await this.codes.applySubscriptionChange(event);
    await this.webhooks.subscriptionChanged(event);
  }

  @EventPattern(DomainEvent.UserSuspended)
  onSuspended(@Payload() event: EventPayloads[DomainEvent.UserSuspended]): Promise<void> {
    return this.codes.syncOwnerSuspension(event.userId, 'account');
  }

  @EventPattern(DomainEvent.UserReactivated)
  onReactivated(@Payload() event: EventPayloads[DomainEvent.UserReactivated]): Promise<void> {
    return this.codes.syncOwnerSuspension(event.userId, 'account');
  }

  @EventPattern(DomainEvent.UserDeleted)
  async onDeleted(@Payload() event: EventPayloads[DomainEvent.UserDeleted]): Promise<void> {
    // Its personal workspace (whose id is the account's) goes with it.
    await this.eraseWorkspace(event.userId);
    await this.history.forgetMember(event.userId);
    await this.exports.forgetRequester(event.userId);
  }

  /** A shared workspace deleted: its codes answer 410 from now on, and nothing it owned is kept. */
  @EventPattern(DomainEvent.WorkspaceDeleted)
  onWorkspaceDeleted(@Payload() event: EventPayloads[DomainEvent.WorkspaceDeleted]): Promise<void> {
    return this.eraseWorkspace(event.workspaceId);
  }

  private async eraseWorkspace(workspaceId: string): Promise<void> {
    await this.exports.eraseOwner(workspaceId);
    await this.webhooks.deleteAllOwned(workspaceId);
    await this.codes.eraseOwner(workspaceId);
  }
}
