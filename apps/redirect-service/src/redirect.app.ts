import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyServerFactoryHandler } from 'fastify';
import { createServer } from 'node:http';
import { AppConfig, Logger } from '@qrd/config';
import { nestLogger } from '@qrd/messaging';
import { fastifyHttpMetrics, ServiceMetrics } from '@qrd/observability';
import { RedirectServiceModule } from './app.module';
import { RedirectRoute } from './redirects/redirect.route';

/**
 * Nest on Fastify for /health, with the scanners' hot path in front of both: the HTTP server
 * hands GET/HEAD /r/{slug} straight to RedirectRoute and everything else to Fastify.
 */
const KEEP_ALIVE_MS = 65_000;

export async function startRedirectService(
  config: AppConfig,
  logger: Logger,
  port = config.ports.redirect,
): Promise<INestApplication> {
  // Filled once Nest has built the route; the server does not listen before that.
  const hot: { route?: RedirectRoute } = {};
  const adapter = new FastifyAdapter({
    trustProxy: config.trustedProxies,
    serverFactory: (fastify: FastifyServerFactoryHandler) => {
      const server = createServer((req, res) => {
        if (hot.route?.matches(req)) hot.route.handle(req, res);
        else fastify(req, res);
      });
      // Idle keep-alive connections stay open longer than a proxy's or client's own idle timeout
      // (commonly 60 s), so they are closed by the side that reuses them, never under a request
      // already on its way (Node's 5 s made clients under load meet a closing socket).
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      return server;
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(RedirectServiceModule.forRoot(config, logger), adapter, {
    logger: nestLogger(logger),
  });
  app.enableShutdownHooks();
  // Times /health and /metrics; the hot path is counted by outcome in RedirectRoute instead.
  fastifyHttpMetrics(app.getHttpAdapter().getInstance(), app.get(ServiceMetrics));
  hot.route = app.get(RedirectRoute);
  await app.listen(port, config.bindHost);
  return app;
}
