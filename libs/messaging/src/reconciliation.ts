import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import IORedis from 'ioredis';
import type { AppConfig, Logger } from '@qrd/config';
import type { ReconcileCheck } from '@qrd/contracts';
import type { ServiceMetrics } from '@qrd/observability';
import { takeTurn } from './period-turn';

export interface ReconciliationOptions {
  /** The service, naming its lock and its log lines. */
  service: string;
  redis: IORedis;
  redisPrefix: string;
  everyMs: number;
  logger: Logger;
  metrics: ServiceMetrics;
  checks: () => Promise<ReconcileCheck[]>;
}

/**
 * A service's reconciliation (DESIGN section 3): its checks compare what must agree and repair what
 * they can. Runs every `everyMs` on one replica at a time (a lock in Redis) and on an admin's
 * request; every repair and finding is logged, repairs are counted and findings left for a person
 * are published in the service's metrics.
 */
export class Reconciliation {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReconcileCheck[]> | null = null;
  private readonly repairs = new Map<string, number>();
  private readonly attention = new Map<string, number>();
  private lastRunS = 0;

  constructor(private readonly options: ReconciliationOptions) {
    options.metrics.registerCounter('reconcile_repairs_total', 'Repairs made by reconciliation, by check.', () =>
      [...this.repairs].map(([check, value]) => ({ labels: { check }, value })), ['check']);
    options.metrics.registerGauge('reconcile_needs_attention', 'Findings of the last reconciliation left for a person, by check.', () =>
      [...this.attention].map(([check, value]) => ({ labels: { check }, value })), ['check']);
    options.metrics.registerGauge('reconcile_last_run_timestamp_seconds', 'When reconciliation last ran in this process (0: not yet).', () => this.lastRunS);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runIfFirst(), this.options.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Runs every check now (or joins the run in progress in this process). */
  run(): Promise<ReconcileCheck[]> {
    this.running ??= this.runChecks().finally(() => (this.running = null));
    return this.running;
  }

  /** The periodic run: skipped when another replica took this period's turn. Answers whether it ran here. */
  async runIfFirst(): Promise<boolean> {
    try {
      if (!(await takeTurn(this.options.redis, this.options.redisPrefix, `reconcile:${this.options.service}`, this.options.everyMs))) return false;
      await this.run();
      return true;
    } catch (error) {
      this.options.logger.warn({ err: error }, 'reconciliation failed; it runs again next period');
      return false;
    }
  }

  private async runChecks(): Promise<ReconcileCheck[]> {
    const checks = await this.options.checks();
    this.lastRunS = Date.now() / 1000;
    for (const check of checks) {
      this.repairs.set(check.check, (this.repairs.get(check.check) ?? 0) + check.repaired);
      this.attention.set(check.check, check.needsAttention);
      const summary = { check: check.check, checked: check.checked, repaired: check.repaired, needsAttention: check.needsAttention };
      if (check.repaired || check.needsAttention) this.options.logger.warn({ ...summary, details: check.details }, 'reconciliation found differences');
      else this.options.logger.info(summary, 'reconciliation: all agree');
    }
    return checks;
  }
}

/**
 * A service's reconciliation as a Nest provider: it runs every RECONCILE_EVERY_MS while the
 * application does, and on request (`run`). Subclasses list their checks.
 */
export abstract class ServiceReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly reconciliation: Reconciliation;

  protected constructor(service: string, deps: { redis: IORedis; config: AppConfig; logger: Logger; metrics: ServiceMetrics }) {
    this.reconciliation = new Reconciliation({
      service,
      redis: deps.redis,
      redisPrefix: deps.config.redisPrefix,
      everyMs: deps.config.reconcileEveryMs,
      logger: deps.logger,
      metrics: deps.metrics,
      checks: () => this.checks(),
    });
  }

  /** The checks of one pass, in order. */
  protected abstract checks(): Promise<ReconcileCheck[]>;

  onApplicationBootstrap(): void {
    this.reconciliation.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.reconciliation.stop();
  }

  run(): Promise<ReconcileCheck[]> {
    return this.reconciliation.run();
  }

  /** The periodic run (what the timer does): here only if no other replica took this period's turn. */
  runIfFirst(): Promise<boolean> {
    return this.reconciliation.runIfFirst();
  }
}
