import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import { ClockView, DomainError, ErrorCode, PaymentOutcomeView, SubscriptionView, TestCard } from '@qrd/contracts';
import { SANDBOX_PROCESSOR } from '../providers/providers';
import { SandboxProcessor } from '../providers/sandbox/sandbox-processor';
import { BillingRepository } from './billing.repository';
import { RenewalReminders } from './renewal-reminders';
import { SeatRenewals } from './seat-renewals';
import { SeatsService } from './seats.service';
import { SubscriptionSync } from './subscription-sync';

/** How often the test clock's due work runs on its own, as real time passes. */
const TICK_MS = 60_000;

/**
 * The test provider's customer-facing side (the card form, the 3-D Secure challenge, a new card)
 * and its clock. Each result is synced into our subscriptions at once, as Stripe's webhooks would.
 */
@Injectable()
export class TestPaymentsService implements OnModuleInit, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(SANDBOX_PROCESSOR) private readonly processor: SandboxProcessor | null,
    private readonly repo: BillingRepository,
    private readonly sync: SubscriptionSync,
    private readonly seats: SeatsService,
    private readonly reminders: RenewalReminders,
    private readonly renewals: SeatRenewals,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    if (!this.processor) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async confirm(clientSecret: string, card: TestCard): Promise<PaymentOutcomeView> {
    const { outcome, subscriptionId } = await this.test().confirmPayment(clientSecret, card);
    await this.sync.refresh(subscriptionId);
    return outcome;
  }

  async authenticate(clientSecret: string, approve: boolean): Promise<PaymentOutcomeView> {
    const { outcome, subscriptionId } = await this.test().authenticatePayment(clientSecret, approve);
    await this.sync.refresh(subscriptionId);
    return outcome;
  }

  async updateCard(userId: string, card: TestCard): Promise<SubscriptionView> {
    const customer = await this.repo.customerOfUser('test', userId);
    if (!customer) throw new DomainError(ErrorCode.NotFound, 'You have no subscription yet.');
    for (const id of await this.test().updateDefaultCard(customer.providerCustomerId, card)) await this.sync.refresh(id);
    return this.seats.view(userId);
  }

  async advanceClock(days: number): Promise<ClockView> {
    const { now, offsetSeconds, changed } = await this.test().advanceClock(days);
    for (const id of changed) await this.sync.refresh(id);
    await this.renewals.run();
    await this.reminders.run(new Date(now * 1000));
    this.logger.info({ days, changed: changed.length }, 'test clock advanced');
    return { now: new Date(now * 1000).toISOString(), offsetDays: offsetSeconds / 86_400, changed: changed.length };
  }

  private async tick(): Promise<void> {
    try {
      for (const id of await this.test().runDue()) await this.sync.refresh(id);
      await this.renewals.run();
      await this.reminders.run(new Date((await this.test().now()) * 1000));
    } catch (error) {
      this.logger.warn({ err: error }, 'test clock tick failed');
    }
  }

  private test(): SandboxProcessor {
    if (!this.processor) {
      throw new DomainError(ErrorCode.NotFound, 'Test payments are only available with BILLING_PROVIDER=test');
    }
    return this.processor;
  }
}
