import type { BillingStore } from './billing.repository';

/** The type of the `billing.processed_events` rows that stand for a renewal whose seats are not settled yet. */
export const SEAT_RENEWAL = 'seat.renewal';

export interface SeatRenewal {
  userId: string;
  providerSubscriptionId: string;
  /** The end of the period that just began (ISO): the renewal is settled for this period only. */
  periodEnd: string;
}

/** Records a renewal to settle (see SeatRenewals), in the unit of work that stores the new period. */
export async function recordSeatRenewal(store: BillingStore, renewal: SeatRenewal): Promise<void> {
  await store.manager.query(
    `INSERT INTO billing.processed_events (provider, event_id, type, payload) VALUES ('internal', $1, $2, $3) ON CONFLICT DO NOTHING`,
    [`seat-renewal:${renewal.providerSubscriptionId}:${renewal.periodEnd}`, SEAT_RENEWAL, JSON.stringify(renewal)],
  );
}
