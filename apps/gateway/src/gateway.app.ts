import { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import pinoHttp from 'pino-http';
import { AppConfig, Logger } from '@qrd/config';
import { ServiceQueue } from '@qrd/contracts';
import { startServiceApp } from '@qrd/messaging';
import { GatewayModule } from './app.module';
import { HttpErrorFilter } from './http/http-exception.filter';
import { HostileBodyInterceptor } from './http/hostile-body';
import { requestContextMiddleware } from './http/request-context.middleware';
import { malformedUrlMiddleware } from './http/malformed-url.middleware';
import { logSafeRequest, logSafeResponse } from './http/log-safe-request';
import { securityHeaders } from './http/security-headers';
import { createValidationPipe } from './http/validation.pipe';
import { sameOriginMiddleware } from './sessions/same-origin.middleware';
import { buildOpenApiDocument } from './public-api/openapi';
import { OpenApiDocument } from './public-api/openapi-document';
import { conditionalGetMiddleware } from './public-api/conditional-get.middleware';

/** Builds and starts the gateway; used by main.ts and by the tests. */
export async function startGateway(config: AppConfig, logger: Logger, port = config.ports.gateway): Promise<INestApplication> {
  return startServiceApp(GatewayModule.forRoot(config, logger), {
    config,
    logger,
    port,
    queue: ServiceQueue.Gateway,
    nest: { rawBody: true },
    configure: (app) => {
      const express = app as NestExpressApplication;
      // X-Forwarded-For is believed only from our own proxies (nginx sets it, never appends):
      // a client talking to the gateway directly cannot choose the address rate limits count.
      express.set('trust proxy', config.trustedProxies);
      express.disable('x-powered-by');
      app.use(requestContextMiddleware);
      app.use(
        pinoHttp({
          logger,
          genReqId: (_req, res) => String(res.getHeader('X-Request-Id') ?? ''),
          // Probes and scrapes come every few seconds: they would drown the log.
          autoLogging: { ignore: (req) => req.url === '/metrics' || req.url?.startsWith('/health') === true },
          serializers: { req: logSafeRequest, res: logSafeResponse },
        }),
      );
      app.use(securityHeaders(config));
      app.use(malformedUrlMiddleware);
      app.use(cookieParser());
      app.use(sameOriginMiddleware(config.allowedOrigins));
      app.use(conditionalGetMiddleware);
      app.useGlobalInterceptors(new HostileBodyInterceptor());
      app.useGlobalPipes(createValidationPipe());
      app.useGlobalFilters(new HttpErrorFilter(logger));
      app.get(OpenApiDocument).set(buildOpenApiDocument(app));
    },
  });
}
