import { Controller, DynamicModule, Get, Global, Header, HttpException, HttpStatus, Module } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import { QueueMetrics } from './collectors';
import { ServiceMetrics } from './service-metrics';

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * Liveness and readiness on the service's own port (not forwarded by nginx):
 * - /health/live: the process is up and answering (restart it when this fails);
 * - /health/ready: it can do its work: PostgreSQL, Redis and its queue consumers (send it no
 *   traffic while this answers 503, with which check failed);
 * - /health: the same as /health/ready, for the tools that used it before the split.
 */
@Controller('health')
export class HealthController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get('live')
  @Header('cache-control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Header('cache-control', 'no-store')
  ready(): Promise<Record<string, string>> {
    return this.check();
  }

  @Get()
  @Header('cache-control', 'no-store')
  async check(): Promise<Record<string, string>> {
    const { ready, checks } = await this.metrics.readiness();
    if (!ready) throw new HttpException({ status: 'unavailable', ...checks }, HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'ok', ...checks };
  }
}

/** Prometheus metrics in the text format, on the service's own port (nginx never forwards /metrics). */
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get()
  @Header('content-type', PROMETHEUS_TEXT)
  @Header('cache-control', 'no-store')
  scrape(): Promise<string> {
    return this.metrics.metrics();
  }
}

/**
 * A service's metrics and health endpoints. `ServiceMetrics` is injectable everywhere in the
 * service: add gauges, counters and readiness checks to it from the part that knows the value.
 */
@Global()
@Module({})
export class ObservabilityModule {
  static forService(service: string): DynamicModule {
    return {
      module: ObservabilityModule,
      providers: [
        {
          provide: ServiceMetrics,
          inject: [LOGGER],
          useFactory: (logger: Logger) => {
            const metrics = new ServiceMetrics(service);
            metrics.onCollectError = (name, error) => logger.debug({ err: error, metric: name }, 'metric not collected');
            return metrics;
          },
        },
        { provide: QueueMetrics, inject: [ServiceMetrics], useFactory: (metrics: ServiceMetrics) => new QueueMetrics(metrics) },
      ],
      controllers: [HealthController, MetricsController],
      exports: [ServiceMetrics, QueueMetrics],
    };
  }
}

