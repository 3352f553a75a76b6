import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServiceMetrics } from './service-metrics';

/** The label of requests no route answered (404s of unknown paths): one series, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

type ExpressRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * Express middleware (the Nest services on Express): times every request, labelled with the
 * pattern of the route that answered it (`/api/codes/:id`, never the URL itself), so the series
 * stay few whatever the traffic. Counted once the response is done, or the client gone.
 */
export function expressHttpMetrics(metrics: ServiceMetrics) {
  return (req: ExpressRequest, res: ServerResponse, next: () => void): void => {
    const start = performance.now();
    res.once('close', () => {
      const route = req.route?.path === undefined ? UNMATCHED_ROUTE : `${req.baseUrl ?? ''}${String(req.route.path)}`;
      metrics.observeHttp(req.method ?? 'GET', route, res.statusCode, (performance.now() - start) / 1000);
    });
    next();
  };
}

interface FastifyLike {
  addHook(
    name: 'onResponse',
    hook: (
      request: { method: string; routeOptions?: { url?: string } },
      reply: { statusCode: number; elapsedTime: number },
      done: () => void,
    ) => void,
  ): unknown;
}

/** The same for Fastify (the redirect-service's routes other than its hot path). */
export function fastifyHttpMetrics(fastify: FastifyLike, metrics: ServiceMetrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(request.method, request.routeOptions?.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
