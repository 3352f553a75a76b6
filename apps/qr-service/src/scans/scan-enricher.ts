import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { ScanStreamEntry } from '@qrd/contracts';
import type { GeoIpLookup } from './geoip';
import type { VisitorSalts } from './visitor-salts';

export type BotReason = 'user-agent' | 'head' | 'prefetch';

/** A scan as stored: what a person would want to know, and no IP address. */
export interface EnrichedScan {
  /** The id the redirect-service gave the scan: its unique key. */
  scanId: string;
  codeId: string;
  scannedAt: Date;
  isBot: boolean;
  botReason: BotReason | null;
  method: 'GET' | 'HEAD';
  device: string | null;
  os: string | null;
  browser: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  referrer: string | null;
  language: string | null;
  visitorHash: string;
  /** The A/B variant the scan was sent to, or null. */
  variant?: string | null;
}

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

export class ScanEnricher {
  private readonly agents = new Map<string, Agent>();

  constructor(
    private readonly geo: GeoIpLookup,
    private readonly salts: VisitorSalts,
  ) {}

  async enrich(entry: ScanStreamEntry): Promise<EnrichedScan> {
    const scannedAt = new Date(entry.ts);
    const agent = this.agent(entry.userAgent);
    const place = this.geo.lookup(entry.ip);
    const cdnCountry = entry.country.trim().toUpperCase();
    // A trusted CDN's country wins; the region and city from our lookup only if they agree with it.
    const useCdn = COUNTRY.test(cdnCountry) && !NOT_A_COUNTRY.has(cdnCountry);
    const sameCountry = !useCdn || cdnCountry === place.country;
    const reason = botReason(entry, () => agent.bot);
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
      region: sameCountry ? clip(place.region ?? undefined, 120) : null,
      city: sameCountry ? clip(place.city ?? undefined, 120) : null,
      referrer: referrerHost(entry.referer),
      language: primaryLanguage(entry.acceptLanguage),
      visitorHash: await this.salts.hash(scannedAt, entry.ip, entry.userAgent),
      variant: entry.variant ?? null,
    };
  }

  private agent(userAgent: string): Agent {
    let agent = this.agents.get(userAgent);
    if (!agent) {
      const ua = UAParser(userAgent);
      agent = { device: deviceKind(ua.device.type), os: clip(ua.os.name, 60), browser: clip(ua.browser.name, 60), bot: isBotAgent(userAgent) };
      if (this.agents.size >= AGENT_MEMO_SIZE) this.agents.clear();
      this.agents.set(userAgent, agent);
    }
    return agent;
  }
}
