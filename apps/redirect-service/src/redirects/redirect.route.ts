import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { SCAN_STREAM, SLUG_PATTERN } from '@qrd/contracts';
import { ScanRecorder } from '../scans/scan-recorder';
import { failFastRedis, whenReady } from './redis-connections';
import { Known, MISS } from './redirect-cache';
import { RedirectResolver, Resolution } from './redirect-resolver';
import { buildPages, Page, Pages } from './pages';

type SlugRequest = FastifyRequest<{ Params: { slug: string } }>;

const NO_STORE = 'private, no-store';

function header(req: FastifyRequest, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * GET and HEAD /r/{slug} as one raw Fastify route: no Nest pipeline per request. A fresh cache
 * hit is answered synchronously; the scan is recorded after the reply is on its way.
 */
@Injectable()
export class RedirectRoute implements OnModuleInit, OnApplicationShutdown {
  readonly recorder: ScanRecorder;
  private readonly redis: ReturnType<typeof failFastRedis>;
  private readonly pages: Pages;
  private readonly countryHeader: string | null;

  constructor(
    private readonly resolver: RedirectResolver,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.redis = failFastRedis(config.redisUrl, 2000);
    this.redis.on('error', (error) => logger.warn({ err: error }, 'scan stream connection error'));
    this.recorder = new ScanRecorder({ redis: this.redis, stream: `${config.redisPrefix}:${SCAN_STREAM}`, logger });
    this.pages = buildPages(config.publicBaseUrl);
    this.countryHeader = config.trustedCountryHeader;
  }

  async onModuleInit(): Promise<void> {
    await whenReady(this.redis);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.recorder.close();
    this.redis.disconnect();
  }

  register(fastify: FastifyInstance): void {
    // Fastify answers HEAD from the GET route (exposeHeadRoutes), with the same handler and no body.
    fastify.get('/r/:slug', (req: SlugRequest, reply: FastifyReply) => this.handle(req, reply));
  }

  private handle(req: SlugRequest, reply: FastifyReply): Promise<void> | undefined {
    const slug = req.params.slug;
    if (!SLUG_PATTERN.test(slug)) {
      this.sendPage(reply, this.pages.notFound);
      return undefined;
    }
    const hit = this.resolver.cached(slug);
    if (hit !== MISS) {
      this.answer(req, reply, slug, hit);
      return undefined;
    }
    return this.resolver.resolve(slug).then((resolution) => this.answer(req, reply, slug, resolution));
  }

  private answer(req: SlugRequest, reply: FastifyReply, slug: string, resolution: Resolution): void {
    if (resolution === 'unavailable') return this.sendPage(reply, this.pages.unavailable);
    if (resolution === null) return this.sendPage(reply, this.pages.notFound);
    if (resolution.state !== 'active' || !resolution.destination) return this.sendPage(reply, this.pages.inactive);
    reply.code(302).header('location', resolution.destination).header('cache-control', NO_STORE).send();
    this.record(req, slug, resolution);
  }

  private record(req: SlugRequest, slug: string, entry: Exclude<Known, null>): void {
    this.recorder.record({
      codeId: entry.codeId,
      slug,
      ts: Date.now(),
      ip: req.ip,
      userAgent: header(req, 'user-agent'),
      referer: header(req, 'referer'),
      acceptLanguage: header(req, 'accept-language'),
      country: this.countryHeader ? header(req, this.countryHeader) : '',
      method: req.method === 'HEAD' ? 'HEAD' : 'GET',
      purpose: header(req, 'sec-purpose') || header(req, 'purpose') || header(req, 'x-moz') || header(req, 'x-purpose'),
    });
  }

  private sendPage(reply: FastifyReply, page: Page): void {
    reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', NO_STORE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
      .send(page.body);
  }
}
