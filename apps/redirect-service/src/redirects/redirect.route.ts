import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { SCAN_CONSUMER_GROUP, scanStreamKey, SLUG_PATTERN } from '@qrd/contracts';
import { ScanRecorder } from '../scans/scan-recorder';
import { clientIpOf } from './client-ip';
import { Known, MISS } from './redirect-cache';
import { RedirectResolver, Resolution } from './redirect-resolver';
import { buildPages, Page, Pages } from './pages';
import { failFastRedis, whenReady } from './redis-connections';

const NO_STORE = 'private, no-store';
const PREFIX = '/r/';

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * GET and HEAD /r/{slug}, answered on Node's http objects before Fastify and Nest see the request
 * (measured in BENCHMARKS.md: the framework's per-request work halved the throughput). A fresh
 * cache hit is answered synchronously; the scan is recorded after the response is written.
 */
@Injectable()
export class RedirectRoute implements OnModuleInit, OnApplicationShutdown {
  readonly recorder: ScanRecorder;
  /** Answers by outcome, for /metrics: plain numbers, incremented and nothing else on the hot path. */
  readonly outcomes = { redirect: 0, not_found: 0, inactive: 0, disabled: 0, unavailable: 0 };
  private readonly redis: ReturnType<typeof failFastRedis>;
  private readonly pages: Pages;
  private readonly countryHeader: string | null;
  private readonly clientIp: (req: IncomingMessage) => string;

  constructor(
    private readonly resolver: RedirectResolver,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.redis = failFastRedis(config.redisUrl, 2000);
    this.redis.on('error', (error) => logger.warn({ err: error }, 'scan stream connection error'));
    this.recorder = new ScanRecorder({ redis: this.redis, stream: scanStreamKey(config.redisPrefix), group: SCAN_CONSUMER_GROUP, logger });
    this.pages = buildPages(config.publicBaseUrl);
    this.countryHeader = config.trustedCountryHeader;
    this.clientIp = clientIpOf(config.trustedProxies);
  }

  async onModuleInit(): Promise<void> {
    await whenReady(this.redis);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.recorder.close();
    this.redis.disconnect();
  }

  /** True for the requests this route answers; everything else goes on to Fastify (health...). */
  matches(req: IncomingMessage): boolean {
    return (req.method === 'GET' || req.method === 'HEAD') && req.url !== undefined && req.url.startsWith(PREFIX);
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '';
    const end = url.search(/[?#]/);
    const slug = url.slice(PREFIX.length, end < 0 ? undefined : end);
    if (!SLUG_PATTERN.test(slug)) {
      this.outcomes.not_found++;
      return this.sendPage(req, res, this.pages.notFound(null));
    }
    const hit = this.resolver.cached(slug);
    if (hit !== MISS) return this.answer(req, res, slug, hit);
    this.resolver.resolve(slug, (resolution) => this.answer(req, res, slug, resolution));
  }

  private answer(req: IncomingMessage, res: ServerResponse, slug: string, resolution: Resolution): void {
    if (resolution === 'unavailable') {
      this.outcomes.unavailable++;
      return this.sendPage(req, res, this.pages.unavailable);
    }
    if (resolution === null || resolution.state === 'deleted') {
      this.outcomes.not_found++;
      return this.sendPage(req, res, this.pages.notFound(slug));
    }
    if (resolution.state === 'disabled') {
      this.outcomes.disabled++;
      return this.sendPage(req, res, this.pages.disabled(slug));
    }
    if (resolution.state !== 'active' || !resolution.destination) {
      this.outcomes.inactive++;
      return this.sendPage(req, res, this.pages.inactive(slug));
    }
    this.outcomes.redirect++;
    res.writeHead(302, { location: resolution.destination, 'cache-control': NO_STORE });
    res.end();
    this.record(req, slug, resolution);
  }

  private record(req: IncomingMessage, slug: string, entry: Exclude<Known, null>): void {
    this.recorder.record({
      codeId: entry.codeId,
      slug,
      ts: Date.now(),
      ip: this.clientIp(req),
      userAgent: header(req, 'user-agent'),
      referer: header(req, 'referer'),
      acceptLanguage: header(req, 'accept-language'),
      country: this.countryHeader ? header(req, this.countryHeader) : '',
      method: req.method === 'HEAD' ? 'HEAD' : 'GET',
      purpose: header(req, 'sec-purpose') || header(req, 'purpose') || header(req, 'x-moz') || header(req, 'x-purpose'),
    });
  }

  private sendPage(req: IncomingMessage, res: ServerResponse, page: Page): void {
    res.writeHead(page.status, page.headers);
    res.end(req.method === 'HEAD' ? undefined : page.body);
  }
}
