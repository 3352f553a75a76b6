import { Controller, HttpCode, Post } from '@nestjs/common';
import { BillingPattern, QrPattern, ReconcileReport } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access } from '../sessions/auth.guard';

/** A pass reads every code and every subscription: longer than an ordinary request. */
const RECONCILE_TIMEOUT_MS = 120_000;

/** Operators: "Reconcile now", the same checks the services run every RECONCILE_EVERY_MS. */
@Controller('api/admin')
export class ReconcileController {
  constructor(private readonly bus: MessageBus) {}

  /** Seats against codes (billing), the redirect table against PostgreSQL and the outbox (qr). */
  @Post('reconcile')
  @Access('admin')
  @HttpCode(200)
  async reconcile(): Promise<ReconcileReport> {
    const options = { timeoutMs: RECONCILE_TIMEOUT_MS };
    const [qr, billing] = await Promise.all([
      this.bus.request(QrPattern.Reconcile, {}, options),
      this.bus.request(BillingPattern.Reconcile, {}, options),
    ]);
    return { ranAt: new Date().toISOString(), checks: [...qr, ...billing] };
  }
}
