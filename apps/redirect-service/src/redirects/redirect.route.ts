import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { hasMalformedPercentEncoding, RedirectHost, SCAN_CONSUMER_GROUP, ScanStreamEntry, SLUG_PATTERN } from '@qrd/contracts';
import { createRedis, scanStreamShardKeys } from '@qrd/messaging';
import { Answer, ShardedScanRecorder } from '../scans/scan-recorder';
import { newScanId } from '../scans/scan-id';
import { edgeRequestOf } from './edge-request';
import { clientIpOf } from './client-ip';
import { Known, MISS } from './redirect-cache';
import { RedirectResolver, Resolution } from './redirect-resolver';
import { Page, ScannerPages } from './pages';
import { failFastRedis, whenReady } from './redis-connections';
import { CampaignOutcome, outsideDates, resolveCampaign, scheduledAt, withQuery } from './campaign-resolution';
import { isBotRequest, RequestFacts } from './scan-facts';
import { ScanLimits } from './scan-limit';
import { ScanPlaces } from './scan-places';
import { CodePasswords } from './code-passwords';
import { HostedPages } from '../hosted-pages/hosted-pages';
import { RedirectHosts } from './redirect-hosts';

const NO_STORE = 'private, no-store';
const PREFIX = '/r/';
/** The shareable link of a code (a click, not a scan of its printed image). */
const LINK_PREFIX = '/l/';
/** The same on a custom domain, whose paths the TLS edge prefixes with /r. */
const DOMAIN_LINK_PREFIX = '/r/l/';
/** A content code's page without a scan (the address its scans used to be sent on to). */
const PAGE_PREFIX = '/p/';

/** The query string after the '?' at `at`, without a fragment. */
function queryOf(url: string, at: number): string {
  const hash = url.indexOf('#', at);
  return url.slice(at + 1, hash < 0 ? undefined : hash);
}

/** Whether a campaign's answer is the content code's own page (its address, perhaps with the scanner's query). */
function isPageAddress(location: string, page: string | null): boolean {
  if (page === null || !location.startsWith(page)) return false;
  const next = location.charAt(page.length);
  return next === '' || next === '?' || next === '&' || next === '#';
}

/** The fallback URL when this scan found the code outside its dates or used up, else null. */
function campaignFallback(entry: Exclude<Known, null>, now: number, limitReached: boolean): string | null {
  const campaign = entry.campaign;
  return campaign && (limitReached || outsideDates(campaign, now)) ? (campaign.fallbackUrl ?? null) : null;
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': NO_STORE });
  res.end();
}

/** The custom domain a request came on (its redirects), set before the lookup; absent on the default host. */
const SITE = Symbol('site');
/** Set on a request that came through the shareable link. */
const CLICK = Symbol('click');
/** A custom domain that turned HSTS on: a year, its subdomains not included (they may not be ours). */
const HSTS = 'max-age=31536000';
type SiteRequest = IncomingMessage & { [SITE]?: RedirectHost; [CLICK]?: true };

/** A header's value ('' without it; the first of a repeated one). */
function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * GET and HEAD /r/{slug}, answered on Node's http objects before Fastify and Nest see the request
 * (measured in BENCHMARKS.md: the framework's per-request work halved the throughput). A fresh
 * cache hit is resolved synchronously; the redirect is sent once its scan is in the stream (one
 * Redis call for all the scans of an event-loop turn), so a crash never loses an answered scan.
 */
@Injectable()
export class RedirectRoute implements OnModuleInit, OnApplicationShutdown {
  readonly recorder: ShardedScanRecorder;
  /** Answers by outcome, for /metrics: plain numbers, incremented and nothing else on the hot path. */
  readonly outcomes = { redirect: 0, page: 0, not_found: 0, inactive: 0, disabled: 0, unavailable: 0 };
  private readonly redis: ReturnType<typeof failFastRedis>;
  private readonly pages: ScannerPages;
  private readonly countryHeader: string | null;
  private readonly clientIp: (req: IncomingMessage) => string;
  private readonly limits: ScanLimits;
  private readonly passwords: CodePasswords;
  private readonly publicBaseUrl: string;
  private readonly hosted: HostedPages;
  /** One scan's facts and outcome at a time (a scan is resolved synchronously): none allocated per scan. */
  private readonly facts: RequestFacts;
  /** GeoIP for region and city rules: opened by the first scan of a code that has one. */
  private readonly places: ScanPlaces;
  private readonly hosts: RedirectHosts;
  private readonly hostChanges: ReturnType<typeof createRedis>;
  private readonly outcome: CampaignOutcome = { location: null, variant: null, rule: null };
  /** The time campaign controls are resolved at (expiry, schedule, time-of-day rules); tests set it. */
  clock: () => number = Date.now;

  constructor(
    private readonly resolver: RedirectResolver,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.redis = failFastRedis(config.redisUrl, 2000);
    this.redis.on('error', (error) => logger.warn({ err: error }, 'scan stream connection error'));
    this.recorder = new ShardedScanRecorder({
      redis: this.redis,
      streams: scanStreamShardKeys(config.redisPrefix, config.scanStreamShards),
      group: SCAN_CONSUMER_GROUP,
      logger,
      // The bounds are the process's and the stream's whole: each shard has its part.
      maxStreamLength: Math.ceil(config.scanStreamMaxLength / config.scanStreamShards),
      maxBuffered: Math.ceil(100_000 / config.scanStreamShards),
      maxUnconfirmed: Math.ceil(200_000 / config.scanStreamShards),
    });
    this.pages = new ScannerPages(config.publicBaseUrl);
    this.countryHeader = config.trustedCountryHeader;
    this.clientIp = clientIpOf(config.trustedProxies);
    this.limits = new ScanLimits(this.redis, config.redisPrefix);
    this.passwords = new CodePasswords(this.redis, config.redisPrefix);
    this.publicBaseUrl = config.publicBaseUrl;
    this.hosted = new HostedPages(config.publicBaseUrl);
    this.places = new ScanPlaces(config.geoipCityDb, this.countryHeader, (error) =>
      logger.warn({ err: error }, 'the GeoIP database could not be opened: region and city rules match no scan for a minute'),
    );
    this.facts = new RequestFacts(this.countryHeader, this.places);
    this.hostChanges = createRedis(config.redisUrl);
    this.hostChanges.on('error', (error) => logger.warn({ err: error }, 'custom domain changes connection error'));
    const ownHost = new URL(config.publicBaseUrl).hostname.toLowerCase();
    this.hosts = new RedirectHosts(this.redis, this.hostChanges, config.redisPrefix, ownHost, (error) =>
      logger.warn({ err: error }, 'custom domains could not be read'),
    );
  }

  async onModuleInit(): Promise<void> {
    await whenReady(this.redis);
    await this.hosts.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.limits.close();
    await this.recorder.close();
    this.hosts.stop();
    this.hostChanges.disconnect();
    this.redis.disconnect();
  }

  /** True for the requests this route answers; everything else goes on to Fastify (health...). */
  matches(req: IncomingMessage): boolean {
    const url = req.url;
    if (url === undefined) return false;
    if (url.startsWith(PREFIX) || url.startsWith(LINK_PREFIX)) return req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST';
    return url.startsWith(PAGE_PREFIX) && (req.method === 'GET' || req.method === 'HEAD');
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '';
    const end = url.search(/[?#]/);
    if (url.startsWith(PAGE_PREFIX)) return this.handlePage(req, res, url.slice(PAGE_PREFIX.length, end < 0 ? undefined : end));
    let from = PREFIX.length;
    if (url.startsWith(LINK_PREFIX) || url.startsWith(DOMAIN_LINK_PREFIX)) {
      (req as SiteRequest)[CLICK] = true;
      from = url.startsWith(LINK_PREFIX) ? LINK_PREFIX.length : DOMAIN_LINK_PREFIX.length;
    }
    const slug = url.slice(from, end < 0 ? undefined : end);
    const host = this.hosts.match(req.headers.host);
    if (host.kind === 'unknown') {
      this.outcomes.not_found++;
      return this.sendPage(req, res, this.pages.for(req).notFound(null));
    }
    if (host.kind === 'custom') {
      (req as SiteRequest)[SITE] = host.settings;
      if (host.settings.hsts) res.setHeader('strict-transport-security', HSTS);
      if (slug === '' && host.settings.rootRedirect) return redirect(res, host.settings.rootRedirect);
    }
    if (!SLUG_PATTERN.test(slug)) {
      this.outcomes.not_found++;
      if (host.kind === 'custom' && host.settings.notFoundRedirect) return redirect(res, host.settings.notFoundRedirect);
      return this.sendPage(req, res, hasMalformedPercentEncoding(url) ? this.pages.for(req).badRequest : this.pages.for(req).notFound(null));
    }
    // On a custom domain the code's key in the redirect table is `host/slug` (its own namespace).
    const key = host.kind === 'custom' ? `${host.host}/${slug}` : slug;
    const hit = this.resolver.cached(key);
    if (hit !== MISS) return this.answer(req, res, slug, hit);
    this.resolver.resolve(key, (resolution) => this.answer(req, res, slug, resolution));
  }

  private answer(req: IncomingMessage, res: ServerResponse, slug: string, resolution: Resolution): void {
    if (resolution === 'unavailable') {
      this.outcomes.unavailable++;
      return this.sendPage(req, res, this.pages.for(req).unavailable);
    }
    if (resolution === null || resolution.state === 'deleted') {
      this.outcomes.not_found++;
      const elsewhere = (req as SiteRequest)[SITE]?.notFoundRedirect;
      if (elsewhere) return redirect(res, elsewhere);
      return this.sendPage(req, res, this.pages.for(req).notFound(slug));
    }
    if (resolution.state === 'disabled') {
      this.outcomes.disabled++;
      return this.sendPage(req, res, this.pages.for(req).disabled(slug));
    }
    if (resolution.state !== 'active' || !resolution.destination) {
      this.outcomes.inactive++;
      return this.sendPage(req, res, this.pages.for(req).inactive(slug));
    }
    if (resolution.campaign !== undefined) return this.answerCampaign(req, res, slug, resolution);
    if (resolution.content !== undefined) {
      this.outcomes.page++;
      return this.record(req, slug, resolution, () => this.sendPage(req, res, this.hosted.of(req, slug, resolution)));
    }
    // The scanner's query is passed on (campaign controls: on unless the code turns it off).
    const query = (req.url as string).indexOf('?');
    const location = query < 0 ? resolution.destination : withQuery(resolution.destination, queryOf(req.url as string, query));
    this.outcomes.redirect++;
    this.record(req, slug, resolution, () => this.goTo(req, res, location));
  }

  /**
   * Sends the scanner on. A POST comes from the password form (the code may have lost its password
   * since the form was shown): answered with a page that goes on by itself, as no redirect may.
   */
  private goTo(req: IncomingMessage, res: ServerResponse, location: string): void {
    if (req.method === 'POST') return this.sendPage(req, res, this.pages.unlocked(req, location));
    redirect(res, location);
  }

  /**
   * A code with campaign controls (docs/campaign-controls.md): resolved from its entry, with one
   * Redis call only for a code with a scan limit (the shared counter; bots read it, never take).
   */
  private answerCampaign(req: IncomingMessage, res: ServerResponse, slug: string, entry: Exclude<Known, null>): void {
    const campaign = entry.campaign as NonNullable<typeof entry.campaign>;
    const now = this.clock();
    if (campaign.passwordHash !== undefined && !outsideDates(campaign, now)) return this.unlock(req, res, slug, entry, campaign.passwordHash, now);
    return this.countAndFinish(req, res, slug, entry, now);
  }

  /**
   * Password-protected codes: GET shows the form and is the scan (counted like a redirect, so a
   * scanner who goes no further is counted too); a POST with the right password goes on to the
   * redirect, taking from the scan limit but not counted again; a wrong one shows the form again.
   * Attempts are limited per client address and code.
   */
  private unlock(req: IncomingMessage, res: ServerResponse, slug: string, entry: Exclude<Known, null>, hash: string, now: number): void {
    if (req.method !== 'POST') {
      this.outcomes.page++;
      return this.record(req, slug, entry, () => this.sendPage(req, res, this.pages.passwordForm(req)));
    }
    const ip = this.clientIp(req);
    this.passwords.check(req, entry.codeId, ip, hash).then(
      (verdict) => {
        if (verdict === 'ok') return this.countAndFinish(req, res, slug, entry, now, true);
        if (verdict === 'limited') return this.sendPage(req, res, this.pages.passwordRefused(req, 429));
        this.sendPage(req, res, this.pages.passwordRefused(req, 401));
      },
      () => {
        this.outcomes.unavailable++;
        this.sendPage(req, res, this.pages.for(req).unavailable);
      },
    );
  }

  /** `counted`: the scan was recorded already (when the password form was shown). */
  private countAndFinish(req: IncomingMessage, res: ServerResponse, slug: string, entry: Exclude<Known, null>, now: number, counted = false): void {
    const campaign = entry.campaign as NonNullable<typeof entry.campaign>;
    const limit = campaign.scanLimit;
    if (limit === undefined || outsideDates(campaign, now)) return this.finishCampaign(req, res, slug, entry, now, false, counted);
    const bot = isBotRequest(req);
    if (!bot && this.limits.takeHeld(entry.codeId)) return this.finishCampaign(req, res, slug, entry, now, false, counted);
    const reached = bot ? this.limits.usedUp(entry.codeId, limit) : this.limits.take(entry.codeId, limit).then((taken) => !taken);
    reached.then(
      (limitReached) => this.finishCampaign(req, res, slug, entry, now, limitReached, counted),
      () => {
        this.outcomes.unavailable++;
        this.sendPage(req, res, this.pages.for(req).unavailable);
      },
    );
  }

  private finishCampaign(
    req: IncomingMessage,
    res: ServerResponse,
    slug: string,
    entry: Exclude<Known, null>,
    now: number,
    limitReached: boolean,
    counted = false,
  ): void {
    // A code with place rules waits for the GeoIP database once (its first scans); other codes read one absent field.
    const geo = (entry.campaign as NonNullable<typeof entry.campaign>).geo;
    if (geo !== undefined && this.places.mustWait(geo)) {
      this.places.ready().then(() => this.finishCampaign(req, res, slug, entry, now, limitReached, counted));
      return;
    }
    const url = req.url as string;
    const at = url.indexOf('?');
    const ip = this.clientIp(req);
    const facts = this.facts.of(req, now, at < 0 ? '' : queryOf(url, at), ip, limitReached);
    const outcome = resolveCampaign(entry, facts, this.outcome);
    facts.release();
    const location = outcome.location;
    const variant = outcome.variant;
    const rule = outcome.rule;
    if (location === null) {
      this.outcomes.inactive++;
      const scheduled = scheduledAt(entry.campaign as NonNullable<typeof entry.campaign>, now);
      const elsewhere = (req as SiteRequest)[SITE]?.expiredRedirect;
      if (!scheduled && elsewhere) return redirect(res, elsewhere);
      return this.sendPage(req, res, scheduled ? this.pages.for(req).scheduled : this.pages.for(req).expired);
    }
    // A scan sent to the fallback of an expired code is not one of the campaign's scans.
    if (location === campaignFallback(entry, now, limitReached) || counted) {
      this.outcomes.redirect++;
      return this.goTo(req, res, location);
    }
    if (entry.content !== undefined && isPageAddress(location, entry.destination)) {
      this.outcomes.page++;
      return this.record(req, slug, entry, () => this.sendPage(req, res, this.hosted.of(req, slug, entry)), variant, ip, undefined, rule);
    }
    this.outcomes.redirect++;
    // Conversions: the scan's id goes to the destination (after the scanner's own parameters, so it cannot be forged).
    const scanIdParam = entry.campaign?.scanIdParam;
    if (scanIdParam !== undefined) {
      const scanId = edgeRequestOf(req.headers, Date.now())?.scanId ?? newScanId();
      const tagged = withQuery(location, `${scanIdParam}=${scanId}`);
      return this.record(req, slug, entry, () => this.goTo(req, res, tagged), variant, ip, scanId, rule);
    }
    this.record(req, slug, entry, () => this.goTo(req, res, location), variant, ip, undefined, rule);
  }

  /**
   * /p/{slug}: a content code's page, not counted (scans land on /r/{slug}); the same pages as a
   * scan for a code that is gone, switched off, before its start or past its end date.
   */
  private handlePage(req: IncomingMessage, res: ServerResponse, slug: string): void {
    if (!SLUG_PATTERN.test(slug)) {
      this.outcomes.not_found++;
      return this.sendPage(req, res, hasMalformedPercentEncoding(req.url as string) ? this.pages.for(req).badRequest : this.pages.for(req).notFound(null));
    }
    const show = (resolution: Resolution): void => {
      if (resolution === 'unavailable') return this.sendPage(req, res, this.pages.for(req).unavailable);
      if (resolution === null || resolution.state === 'deleted' || (resolution.state === 'active' && resolution.content === undefined)) {
        return this.sendPage(req, res, this.pages.for(req).notFound(resolution === null || resolution.state === 'deleted' ? slug : null));
      }
      if (resolution.state === 'disabled') return this.sendPage(req, res, this.pages.for(req).disabled(slug));
      if (resolution.state !== 'active' || resolution.content === undefined) return this.sendPage(req, res, this.pages.for(req).inactive(slug));
      const campaign = resolution.campaign;
      const now = this.clock();
      if (campaign && outsideDates(campaign, now)) return this.sendPage(req, res, scheduledAt(campaign, now) ? this.pages.for(req).scheduled : this.pages.for(req).expired);
      this.sendPage(req, res, this.hosted.of(req, slug, resolution));
    };
    const hit = this.resolver.cached(slug);
    if (hit !== MISS) return show(hit);
    this.resolver.resolve(slug, show);
  }

  /** Records the scan; `answer` redirects the scanner once the scan is in the stream (ScanRecorder). */
  private record(
    req: IncomingMessage,
    slug: string,
    entry: Exclude<Known, null>,
    answer: Answer,
    variant?: string | null,
    ip = this.clientIp(req),
    scanId?: string,
    rule?: number | null,
  ): void {
    const headers = req.headers;
    const now = Date.now();
    // Through the front door, the time and id it gave the request: a retry of it is the same scan.
    const edge = edgeRequestOf(headers, now);
    const scan: Omit<ScanStreamEntry, 'id'> = {
      codeId: entry.codeId,
      slug,
      ts: edge === null ? now : edge.ms,
      ip,
      userAgent: first(headers['user-agent']),
      referer: first(headers.referer),
      acceptLanguage: first(headers['accept-language']),
      country: this.countryHeader ? first(headers[this.countryHeader]) : '',
      method: req.method === 'HEAD' ? 'HEAD' : 'GET',
      purpose: first(headers['sec-purpose']) || first(headers.purpose) || first(headers['x-moz']) || first(headers['x-purpose']),
    };
    // Set only when present, and on the object made above (spreading them in cost a copy for each scan).
    if (variant) scan.variant = variant;
    if (rule) scan.rule = rule;
    if ((req as SiteRequest)[CLICK]) scan.source = 'click';
    this.recorder.record(scan, answer, scanId ?? edge?.scanId);
  }

  private sendPage(req: IncomingMessage, res: ServerResponse, page: Page): void {
    res.writeHead(page.status, page.headers);
    res.end(req.method === 'HEAD' ? undefined : page.body);
  }
}
