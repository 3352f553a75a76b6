import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, Logger } from '@qrd/config';
import { nestLogger } from '@qrd/messaging';
import { RedirectServiceModule } from './app.module';
import { RedirectRoute } from './redirects/redirect.route';

/** The scanners' hot path runs on Fastify: no body parsing, minimal per-request work. */
export async function startRedirectService(
  config: AppConfig,
  logger: Logger,
  port = config.ports.redirect,
): Promise<INestApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    RedirectServiceModule.forRoot(config, logger),
    new FastifyAdapter({ trustProxy: config.trustProxyHops }),
    { logger: nestLogger(logger) },
  );
  app.enableShutdownHooks();
  // Registered on Fastify itself, before Nest adds its routes: the hot path skips guards, pipes and interceptors.
  app.get(RedirectRoute).register(app.getHttpAdapter().getInstance());
  await app.listen(port, '0.0.0.0');
  return app;
}
