import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import type { Currency } from '@qrd/contracts';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { BillingEvents } from './billing-events';
import { BillingRepository } from './billing.repository';

/** How long before an annual renewal its owner is told what will be charged. */
export const RENEWAL_NOTICE_DAYS = 7;

interface Due {
  provider_subscription_id: string;
  user_id: string;
  current_period_end: Date;
  seats: number;
  unit_amount_cents: number;
  currency: Currency;
  card_brand: string | null;
  card_last4: string | null;
}

/**
 * "Your annual subscription renews on ...": once per subscription and period end, for annual
 * plans renewing within RENEWAL_NOTICE_DAYS of the provider's clock, unless they end or switch then.
 */
@Injectable()
export class RenewalReminders {
  constructor(
    private readonly repo: BillingRepository,
    private readonly events: BillingEvents,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(now: Date): Promise<number> {
    const until = new Date(now.getTime() + RENEWAL_NOTICE_DAYS * 86_400_000);
    const due = (await this.repo.manager.query(
      `SELECT s.provider_subscription_id, c.user_id, s.current_period_end, s.seats, s.unit_amount_cents, s.currency, s.card_brand, s.card_last4
       FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id
       WHERE c.user_id IS NOT NULL AND s.provider = $1 AND s.interval = 'annual' AND s.status IN ('active', 'trialing')
         AND NOT s.cancel_at_period_end AND s.pending_interval IS NULL
         AND s.current_period_end > $2 AND s.current_period_end <= $3`,
      [this.provider.name, now, until],
    )) as Due[];
    let sent = 0;
    for (const sub of due) {
      const key = `renewal:${sub.provider_subscription_id}:${sub.current_period_end.toISOString()}`;
      const first = await this.repo.transaction(async (store) => {
        const rows = (await store.manager.query(`INSERT INTO billing.notices_sent (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key`, [
          key,
        ])) as unknown[];
        if (rows.length === 0) return false;
        await this.events.notice(store, {
          kind: 'renewal-upcoming',
          userId: sub.user_id,
          renewsAt: sub.current_period_end.toISOString(),
          seats: sub.seats,
          unitAmountCents: sub.unit_amount_cents,
          amountCents: sub.seats * sub.unit_amount_cents,
          currency: sub.currency,
          card: sub.card_brand && sub.card_last4 ? `${sub.card_brand} ending in ${sub.card_last4}` : null,
        });
        return true;
      });
      if (first) sent += 1;
    }
    if (sent > 0) this.logger.info({ sent }, 'renewal reminders sent');
    return sent;
  }
}
