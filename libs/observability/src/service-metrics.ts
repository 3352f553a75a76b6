import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One sample of a labelled gauge. */
export interface Sample<L extends string = string> {
  labels: Partial<Record<L, string>>;
  value: number;
}

/** What a collector answers at scrape time: one number, or one sample per label set. */
export type Collected<L extends string = string> = number | Sample<L>[];

/**
 * A readiness check: resolves when the part it checks can do its work, throws (or rejects) with
 * the reason when it cannot. It must answer quickly: readiness gives each check COLLECT_TIMEOUT_MS.
 */
export type ReadinessCheck = () => void | Promise<void>;

export interface Readiness {
  ready: boolean;
  checks: Record<string, string>;
}

/** How long one collector or one readiness check may take before it counts as failed. */
export const COLLECT_TIMEOUT_MS = 2000;

/** Seconds; from the fast internal answers (a few ms) to a slow report or image (several s). */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process-wide series (memory, CPU, event-loop delay, GC, handles): one set per process,
 * however many services it runs (the system tests run all five in one process).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A service's metrics and readiness: the Prometheus registry served on /metrics and the checks
 * behind /health/ready. Every part of the service adds what it knows (queues, pools, streams)
 * with the register* and addReadinessCheck methods; values read at scrape time cost nothing
 * between scrapes.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly checks = new Map<string, ReadinessCheck>();
  /** Called when a collector fails (Redis away...): the series is left out of that scrape. */
  onCollectError: (name: string, error: unknown) => void = () => undefined;

  constructor(readonly service: string) {
    processMetrics();
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route pattern and status code, with their duration.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers: [this.registry],
    });
  }

  /**
   * A gauge read at scrape time: `collect` answers one number, or samples with `labelNames`.
   * A collector that throws or takes longer than COLLECT_TIMEOUT_MS leaves its series out of
   * that scrape, or reads NaN when it has no labels (never a stale value, never a failed scrape).
   */
  registerGauge<L extends string = never>(
    name: string,
    help: string,
    collect: () => Collected<L> | Promise<Collected<L>>,
    labelNames: readonly L[] = [],
  ): Gauge<L> {
    const onError = (error: unknown) => this.onCollectError(name, error);
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        let value: Collected<L>;
        try {
          value = await withTimeout(Promise.resolve().then(collect), COLLECT_TIMEOUT_MS, name);
        } catch (error) {
          onError(error);
          // Never a stale value: labelled series are left out; a single value reads NaN (unknown).
          if (labelNames.length === 0) this.set(Number.NaN);
          return;
        }
        if (typeof value === 'number') this.set(value);
        else for (const sample of value) this.set(sample.labels, sample.value);
      },
    });
  }

  /**
   * A counter kept elsewhere as a plain number (a hot path only does `n++`), published at scrape
   * time. `read` answers the total so far, or samples with `labelNames`.
   */
  registerCounter<L extends string = never>(
    name: string,
    help: string,
    read: () => Collected<L>,
    labelNames: readonly L[] = [],
  ): Counter<L> {
    return new Counter<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        const value = read();
        this.reset();
        if (typeof value === 'number') this.inc(value);
        else for (const sample of value) this.inc(sample.labels, sample.value);
      },
    });
  }

  /** Records one answered HTTP request; `route` is the route's pattern, never the raw URL. */
  observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /** Adds a check to /health/ready under `name` (replacing one of the same name). */
  addReadinessCheck(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  removeReadinessCheck(name: string): void {
    this.checks.delete(name);
  }

  /** Runs every readiness check at once; ready when all pass. */
  async readiness(): Promise<Readiness> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]): Promise<[string, string]> => {
        try {
          await withTimeout(Promise.resolve().then(check), COLLECT_TIMEOUT_MS, name);
          return [name, 'ok'];
        } catch (error) {
          return [name, `down: ${(error as Error).message}`];
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    return { ready: entries.every(([, status]) => status === 'ok'), checks };
  }

  /** The Prometheus text of this service plus the process-wide series. */
  async metrics(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
