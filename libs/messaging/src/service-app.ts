import { DynamicModule, INestApplication, NestApplicationOptions, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig, Logger } from '@qrd/config';
import { ServiceQueue } from '@qrd/contracts';
import { expressHttpMetrics, QueueMetrics, ServiceMetrics } from '@qrd/observability';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { BullMqServer } from './bullmq-server';
import { bullPrefix } from './envelope';
import { REDIS } from './messaging.module';

export interface ServiceAppOptions {
  config: AppConfig;
  logger: Logger;
  /** The queue this service consumes, if it consumes one. */
  queue?: ServiceQueue;
  port: number;
  /** Extra Nest options (e.g. rawBody for webhooks). */
  nest?: NestApplicationOptions;
  /** Global pipes, filters and middleware, applied before the app initialises. */
  configure?: (app: INestApplication) => void;
}

/** Wraps pino for Nest's own log lines (module init, route mapping, errors). */
function nestLogger(logger: Logger) {
  return {
    log: (message: unknown, context?: string) => logger.debug({ context }, String(message)),
    error: (message: unknown, trace?: string, context?: string) => logger.error({ context, trace }, String(message)),
    warn: (message: unknown, context?: string) => logger.warn({ context }, String(message)),
    debug: (message: unknown, context?: string) => logger.debug({ context }, String(message)),
    verbose: (message: unknown, context?: string) => logger.trace({ context }, String(message)),
  };
}

/**
 * Builds a service: its HTTP side (health and any routes) and, when it has a queue, the queue
 * consumer, which starts only after every module has initialised.
 */
export async function startServiceApp(module: Type<unknown> | DynamicModule, options: ServiceAppOptions): Promise<INestApplication> {
  const app = await NestFactory.create(module, { logger: nestLogger(options.logger), ...options.nest });
  app.enableShutdownHooks();
  const metrics = app.get(ServiceMetrics);
  // First, so every request is timed, including those a later middleware answers.
  app.use(expressHttpMetrics(metrics));
  options.configure?.(app);
  if (options.queue) {
    const server = new BullMqServer({
      queue: options.queue,
      redisUrl: options.config.redisUrl,
      redisPrefix: options.config.redisPrefix,
      logger: options.logger,
      concurrency: options.config.queueConcurrency,
    });
    app.connectMicroservice({ strategy: server }, { inheritAppConfig: true });
    metrics.addReadinessCheck(`consumer ${options.queue}`, () => {
      if (!server.running) throw new Error(`the ${options.queue} queue consumer is not running`);
    });
    watchQueue(app, options.queue, options.config.redisPrefix);
  }
  await app.init();
  await app.startAllMicroservices();
  await app.listen(options.port, options.config.bindHost);
  return app;
}

/**
 * Publishes a queue's depth and oldest job in the service's metrics, read at scrape time on the
 * service's Redis connection; closed with the app.
 */
export function watchQueue(app: INestApplication, name: string, redisPrefix: string): void {
  const connection = app.get<IORedis>(REDIS);
  const queue = new Queue(name, { connection, prefix: bullPrefix(redisPrefix) });
  queue.on('error', () => undefined);
  app.get(QueueMetrics).watch(queue);
}

export { nestLogger };
