import { Injectable } from '@nestjs/common';
import { AuthPattern, BillingPattern, DomainError, ErrorCode, redirectsEnabledFor, SubscriptionState } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CodeEvents } from './code-events';
import { CodeContentFiles } from './code-ports';
import { CodesRepository } from './codes.repository';

/**
 * What the owner's account does to all their codes at once: billing and account suspensions
 * (every redirect stopped or restarted) and the account's erasure.
 */
@Injectable()
export class OwnerCodesService {
  constructor(
    private readonly codes: CodesRepository,
    private readonly bus: MessageBus,
    private readonly events: CodeEvents,
    private readonly content: CodeContentFiles,
  ) {}

  /**
   * subscription.changed. When the owner's codes run and the event says they stay on, there is
   * nothing to change and the billing-service is not asked: it may be waiting on this service
   * itself (a purchase asks for the code count), and workers of both services waiting on each
   * other stall until the deadlines pass. Any other change is looked up (syncOwnerSuspension): a
   * stale "stay on" skipped here never undoes a stop, since a stopped owner is always looked up.
   */
  async applySubscriptionChange(event: SubscriptionState): Promise<void> {
    if (event.redirectsEnabled && !(await this.codes.billingSuspended(event.userId))) return;
    await this.syncOwnerSuspension(event.userId, 'billing');
  }

  /**
   * subscription.changed, user.suspended, user.reactivated: one reason flag, the others untouched.
   * Events of one user can be handled out of order (parallel workers, retries), so an event only
   * says "look again": the owning service's current answer decides, read and applied under the
   * owner's lock, so the last one applied is always the newest.
   */
  async syncOwnerSuspension(userId: string, reason: 'billing' | 'account'): Promise<void> {
    const events = await this.codes.transaction(async (tx) => {
      await this.codes.lockOwner(tx, userId);
      const suspended = reason === 'billing' ? await this.billingStopsRedirects(userId) : await this.accountSuspended(userId);
      const changed = await this.codes.setOwnerSuspension(userId, reason, suspended, tx);
      return this.events.changed(tx, changed.map((code) => code.id));
    });
    // Delivered after the commit: written earlier, an entry could outlive a rolled-back change.
    await this.events.deliver(events);
  }

  private async billingStopsRedirects(userId: string): Promise<boolean> {
    const { status } = await this.bus.request(BillingPattern.Entitlement, { userId, codesInUse: 0 });
    return !redirectsEnabledFor(status);
  }

  private async accountSuspended(userId: string): Promise<boolean> {
    try {
      return (await this.bus.request(AuthPattern.GetUser, { userId })).status !== 'active';
    } catch (error) {
      // An account that no longer exists redirects nothing.
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) return true;
      throw error;
    }
  }

  /** `user.deleted`: the account's codes answer 410 from now on, and nothing of the owner is kept (its stored files neither). */
  async eraseOwner(userId: string): Promise<void> {
    const [events, storageKeys] = await this.codes.transaction(async (tx): Promise<[string[], string[]]> => {
      const { erased, storageKeys } = await this.codes.eraseOwner(tx, userId);
      return [await this.events.changed(tx, erased.map((code) => code.id)), storageKeys];
    });
    await this.events.deliver(events);
    await this.content.removeStored(storageKeys);
    await this.events.forgetUser(userId);
  }
}
