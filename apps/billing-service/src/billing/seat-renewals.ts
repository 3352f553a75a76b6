import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import { QrPattern, redirectsEnabledFor } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { BillingRepository } from './billing.repository';
import { SEAT_RENEWAL, SeatRenewal } from './seat-renewal.record';
import { SubscriptionSync } from './subscription-sync';

/**
 * A paid seat stays the customer's until its period ends, whether a code uses it or not (a deleted
 * code leaves its seat free for the next one). When a new period begins, the seats no live code
 * uses are dropped: max(1, live codes), the unused time of the new period credited.
 *
 * `SubscriptionSync` records each renewal it sees (in the unit of work that stores the new period);
 * `run` settles what is recorded and not settled yet, each renewal once. The live codes are counted
 * by the qr-service before the owner's billing lock is taken, never while holding it (DESIGN.md 13).
 */
@Injectable()
export class SeatRenewals {
  constructor(
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly bus: MessageBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Settles every recorded renewal; answers the lines of the seats dropped (for the reconciler's report). */
  async run(): Promise<string[]> {
    const pending = (await this.repo.manager.query(
      `SELECT event_id AS "eventId", payload FROM billing.processed_events
       WHERE provider = 'internal' AND type = $1 AND processed_at IS NULL ORDER BY received_at LIMIT 1000`,
      [SEAT_RENEWAL],
    )) as { eventId: string; payload: SeatRenewal }[];
    const dropped: string[] = [];
    for (const { eventId, payload } of pending) {
      try {
        const line = await this.settle(eventId, payload);
        if (line) dropped.push(line);
      } catch (error) {
        // Left unsettled: the next run (the clock's tick, the reconciler) tries again.
        this.logger.warn({ err: error, eventId }, 'seats of a renewal not settled');
      }
    }
    return dropped;
  }

  private async settle(eventId: string, renewal: SeatRenewal): Promise<string | null> {
    const { count: codes } = await this.bus.request(QrPattern.CountCodes, { userId: renewal.userId });
    let line: string | null = null;
    await this.repo.processEventOnce<SeatRenewal>('internal', eventId, async (_payload, store) => {
      await store.lockUser(renewal.userId);
      const sub = await store.effectiveOfUser(renewal.userId);
      if (!sub || sub.providerSubscriptionId !== renewal.providerSubscriptionId || !redirectsEnabledFor(sub.status)) return;
      // A later period began meanwhile: its own renewal settles it.
      if (sub.currentPeriodEnd?.toISOString() !== renewal.periodEnd) return;
      const keep = Math.max(1, codes);
      if (sub.seats <= keep) return;
      const { subscription } = await this.provider.changeSeats(sub.providerSubscriptionId, keep, { idempotencyKey: eventId });
      await this.sync.apply(subscription, store);
      line = `user ${renewal.userId}: ${sub.seats} seats renewed for ${codes} codes; now ${keep} (the unused time credited)`;
    });
    if (line) this.logger.info({ userId: renewal.userId, codes }, line);
    return line;
  }
}
