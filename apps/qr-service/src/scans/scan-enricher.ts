import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { BotReason, ScanRecord, ScanStreamEntry } from '@qrd/contracts';
import type { GeoIpLookup, GeoPlace } from '@qrd/geoip';
import type { CityPlaces } from './city-places';
import type { VisitorSalts } from './visitor-salts';

export type { BotReason } from '@qrd/contracts';

/** A scan as stored (the shared scan-record contract). */
export type EnrichedScan = ScanRecord;

const PREFETCH = /prefetch|preview|prerender/i;

/** An empty user agent, or one of a known crawler or link-preview fetcher. */
export function isBotAgent(userAgent: string): boolean {
  return !userAgent.trim() || isbot(userAgent);
}

/** HEAD requests and prefetches never show a page to a person; link-preview fetchers are bots. */
export function botReason(
  entry: Pick<ScanStreamEntry, 'method' | 'purpose' | 'userAgent'>,
  agentIsBot: (userAgent: string) => boolean = isBotAgent,
): BotReason | null {
  if (entry.method === 'HEAD') return 'head';
  if (PREFETCH.test(entry.purpose)) return 'prefetch';
  if (agentIsBot(entry.userAgent)) return 'user-agent';
  return null;
}

function clip(value: string | undefined, max: number): string | null {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
}

/** Mobile, tablet or desktop; the rarer kinds (TVs, consoles, watches...) are "other". */
export function deviceKind(type: string | undefined): string {
  if (!type) return 'desktop';
  if (type === 'mobile' || type === 'tablet') return type;
  return 'other';
}

/** Only the host: enough to see where scans come from, without query strings that may carry tokens. */
export function referrerHost(referer: string): string | null {
  if (!referer) return null;
  try {
    return clip(new URL(referer).host.toLowerCase(), 255);
  } catch {
    return null;
  }
}

export function primaryLanguage(acceptLanguage: string): string | null {
  const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(first) && first !== '*' ? first.slice(0, 35) : null;
}

const COUNTRY = /^[A-Z]{2}$/;
/** Codes CDNs use for "unknown" and "Tor". */
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ']);

interface Agent {
  device: string;
  os: string | null;
  browser: string | null;
  bot: boolean;
}

/** Parsing a user agent (and matching the crawler patterns) is the costly step, and scanners share a few thousand agents at most. */
const AGENT_MEMO_SIZE = 5000;
/** Places by address: a backlog repeats addresses, and each lookup walks the database's tree and builds a record. */
const PLACE_MEMO_SIZE = 50_000;
/** Referrer hosts and languages by header: a URL parse and a pattern per scan otherwise. */
const HEADER_MEMO_SIZE = 5000;

const DAY_MS = 24 * 3600 * 1000;

/** A bounded memo: emptied when full (cheaper than an LRU, and refilled by the next few scans). */
function memo<T>(map: Map<string, T>, size: number, key: string, make: (key: string) => T): T {
  let value = map.get(key);
  if (value === undefined && !map.has(key)) {
    value = make(key);
    if (map.size >= size) map.clear();
    map.set(key, value);
  }
  return value as T;
}

export class ScanEnricher {
  private readonly agents = new Map<string, Agent>();
  private readonly places = new Map<string, GeoPlace>();
  private readonly referrers = new Map<string, string | null>();
  private readonly languages = new Map<string, string | null>();
  private dayStart = NaN;
  private day = '';

  constructor(
    private readonly geo: GeoIpLookup,
    private readonly salts: VisitorSalts,
    /** Told where each city is, for the map (none: coordinates are not kept). */
    private readonly cities?: CityPlaces,
  ) {}

  /**
   * Synchronous while this process holds the scan day's salt (nearly always): a promise per scan
   * was a large share of the ingestor's work. Throws (or rejects) when the scan cannot be enriched.
   */
  enrich(entry: ScanStreamEntry): EnrichedScan | Promise<EnrichedScan> {
    const scannedAt = new Date(entry.ts);
    if (Number.isNaN(scannedAt.getTime())) throw new RangeError('Invalid time value');
    const day = this.dayOf(entry.ts);
    const salt = this.salts.known(day);
    if (salt === undefined) return this.salts.load(day).then(() => this.enrich(entry));
    const agent = this.agent(entry.userAgent);
    const place = memo(this.places, PLACE_MEMO_SIZE, entry.ip, (ip) => this.geo.lookup(ip));
    const cdnCountry = entry.country ? entry.country.trim().toUpperCase() : '';
    // A trusted CDN's country wins; the region and city from our lookup only if they agree with it.
    const useCdn = COUNTRY.test(cdnCountry) && !NOT_A_COUNTRY.has(cdnCountry);
    const sameCountry = !useCdn || cdnCountry === place.country;
    const reason = botReason(entry, () => agent.bot);
    const region = sameCountry ? clip(place.region ?? undefined, 120) : null;
    const city = sameCountry ? clip(place.city ?? undefined, 120) : null;
    if (city !== null) this.cities?.note(place.country, city, region, place.lat, place.lon);
    return {
      scanId: entry.id,
      codeId: entry.codeId,
      scannedAt,
      isBot: reason !== null,
      botReason: reason,
      method: entry.method,
      device: agent.device,
      os: agent.os,
      browser: agent.browser,
      country: useCdn ? cdnCountry : place.country,
      region,
      city,
      referrer: memo(this.referrers, HEADER_MEMO_SIZE, entry.referer, referrerHost),
      language: memo(this.languages, HEADER_MEMO_SIZE, entry.acceptLanguage, primaryLanguage),
      visitorHash: this.salts.hashWith(salt, entry.ip, entry.userAgent),
      variant: entry.variant ?? null,
      rule: entry.rule ?? null,
      source: entry.source === 'click' ? 'click' : 'scan',
    };
  }

  /** The scan's UTC day ('YYYY-MM-DD'); scans of a batch mostly share one. */
  private dayOf(ts: number): string {
    const start = Math.floor(ts / DAY_MS) * DAY_MS;
    if (start !== this.dayStart) {
      this.day = new Date(start).toISOString().slice(0, 10);
      this.dayStart = start;
    }
    return this.day;
  }

  private agent(userAgent: string): Agent {
    return memo(this.agents, AGENT_MEMO_SIZE, userAgent, (ua) => {
      const parsed = UAParser(ua);
      return { device: deviceKind(parsed.device.type), os: clip(parsed.os.name, 60), browser: clip(parsed.browser.name, 60), bot: isBotAgent(ua) };
    });
  }
}
