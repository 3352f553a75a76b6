import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import type { ReconcileCheck } from '@qrd/contracts';
import { REDIS, ServiceReconciler } from '@qrd/messaging';
import { ServiceMetrics } from '@qrd/observability';
import { AbuseService } from '../abuse/abuse.service';
import { ContentFileJanitor } from '../content/content-file-janitor';
import { CodeEvents } from '../codes/code-events';
import { RedirectTableMaintainer } from '../codes/redirect-table-maintainer';

/** An outbox event older than this has waited through several retries: someone should look. */
const STUCK_EVENT_S = 300;

/**
 * The qr-service's reconciliation: the operator's destination blocklist (codes now on it are
 * taken down), the redirect table against PostgreSQL (a repair pass writes every
 * entry that is missing or older than its code), and the outbox (what is still undelivered is
 * retried now; what has waited for minutes is reported), and the files of content codes (what no
 * code names any more is removed from the storage).
 */
@Injectable()
export class QrReconciler extends ServiceReconciler {
  constructor(
    private readonly maintainer: RedirectTableMaintainer,
    private readonly events: CodeEvents,
    private readonly abuse: AbuseService,
    private readonly janitor: ContentFileJanitor,
    @Inject(REDIS) redis: IORedis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    metrics: ServiceMetrics,
  ) {
    super('qr', { redis, config, logger, metrics });
  }

  // The blocklist first: its takedowns are then part of the same pass's redirect-table check.
  protected async checks(): Promise<ReconcileCheck[]> {
    return [await this.abuse.enforceBlocklist(), await this.redirectTable(), await this.outbox(), await this.janitor.sweep()];
  }

  private async redirectTable(): Promise<ReconcileCheck> {
    const pass = await this.maintainer.rebuild('reconcile');
    const busy = pass.generation === null;
    return {
      check: 'redirect-table',
      checked: pass.codes,
      repaired: pass.written,
      needsAttention: busy ? 1 : 0,
      details: [
        ...(pass.written ? [`${pass.written} of ${pass.codes} redirect entries were missing or older than their code and were rewritten`] : []),
        ...(busy ? [`the pass did not finish (${pass.reason ?? 'unknown'}): another rebuild held the table, or Redis lost its data meanwhile`] : []),
      ],
    };
  }

  private async outbox(): Promise<ReconcileCheck> {
    const before = await this.events.backlog();
    await this.events.relay();
    const after = await this.events.backlog();
    const stuck = after.events > 0 && after.oldestAgeS >= STUCK_EVENT_S;
    return {
      check: 'outbox',
      checked: before.events,
      repaired: Math.max(0, before.events - after.events),
      needsAttention: stuck ? after.events : 0,
      details: after.events ? [`${after.events} events not delivered yet, the oldest ${Math.round(after.oldestAgeS)} s old`] : [],
    };
  }
}
