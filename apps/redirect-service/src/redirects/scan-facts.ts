import { hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { CampaignDevice, CampaignOs } from '@qrd/contracts';
import type { ScanFacts } from './campaign-resolution';
import type { ScanPlace, ScanPlaces } from './scan-places';

interface Agent {
  os: CampaignOs;
  device: CampaignDevice;
  /** A crawler or link preview (isbot's long regular expression, run once per agent). */
  bot: boolean;
}

/** Scanners share a few thousand user agents at most: each is parsed once. */
const AGENT_MEMO_SIZE = 5000;
const agents = new Map<string, Agent>();
const COUNTRY = /^[A-Z]{2}$/;
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ']);
const PREFETCH = /prefetch|preview|prerender/i;

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export function agentOf(userAgent: string): Agent {
  let agent = agents.get(userAgent);
  if (!agent) {
    const ua = UAParser(userAgent);
    agent = { os: osKind(ua.os.name), device: deviceKind(ua.device.type), bot: !userAgent.trim() || isbot(userAgent) };
    if (agents.size >= AGENT_MEMO_SIZE) agents.clear();
    agents.set(userAgent, agent);
  }
  return agent;
}

function osKind(name: string | undefined): CampaignOs {
  switch (name) {
    case 'iOS':
      return 'ios';
    case 'Android':
      return 'android';
    case 'Windows':
      return 'windows';
    case 'macOS':
    case 'Mac OS':
      return 'macos';
    default:
      return 'other';
  }
}

/** As the analytics count devices: no type is a desktop browser. */
function deviceKind(type: string | undefined): CampaignDevice {
  if (!type) return 'desktop';
  return type === 'mobile' || type === 'tablet' ? type : 'other';
}

/** Not counted against a scan limit: HEAD, prefetches, crawlers and link previews (as the analytics count bots). */
export function isBotRequest(req: IncomingMessage): boolean {
  if (req.method === 'HEAD') return true;
  const purpose = header(req, 'sec-purpose') || header(req, 'purpose') || header(req, 'x-moz') || header(req, 'x-purpose');
  if (PREFETCH.test(purpose)) return true;
  return agentOf(header(req, 'user-agent')).bot;
}

/**
 * The facts of one scan, each worked out on first use: a code with only a schedule never parses the
 * user agent, one without a split never hashes the visitor. The route keeps one and points it at
 * each scan in turn (`of`), which is safe because a scan is resolved synchronously, and lets go of
 * the request right after (`release`).
 */
export class RequestFacts implements ScanFacts {
  now = 0;
  query = '';
  limitReached = false;
  private req: IncomingMessage | null = null;
  private ip = '';
  private agent: Agent | null = null;
  private hash: string | null = null;
  private where: ScanPlace | null = null;

  /** `places`: the GeoIP lookups, for codes with region or city rules (and country rules without a trusted header). */
  constructor(
    private readonly countryHeader: string | null,
    private readonly places: Pick<ScanPlaces, 'of'>,
  ) {}

  /** These facts are now those of this scan. */
  of(req: IncomingMessage, now: number, query: string, ip: string, limitReached: boolean): this {
    this.req = req;
    this.now = now;
    this.query = query;
    this.ip = ip;
    this.limitReached = limitReached;
    this.agent = null;
    this.hash = null;
    this.where = null;
    return this;
  }

  /** The scan is resolved: nothing of it is kept. */
  release(): void {
    this.req = null;
    this.query = '';
    this.ip = '';
    this.agent = null;
    this.hash = null;
    this.where = null;
  }

  get os(): CampaignOs {
    return (this.agent ??= agentOf(this.header('user-agent'))).os;
  }

  get deviceType(): CampaignDevice {
    return (this.agent ??= agentOf(this.header('user-agent'))).device;
  }

  /**
   * From the trusted CDN header when one is configured (the CDN knows better than an IP database,
   * and then the header alone decides); without one, the GeoIP database's.
   */
  get country(): string | null {
    if (!this.countryHeader) return this.place.country;
    const value = this.header(this.countryHeader).trim().toUpperCase();
    return COUNTRY.test(value) && !NOT_A_COUNTRY.has(value) ? value : null;
  }

  /** Looked up on first use: only codes with region, city (or header-less country) rules pay for it. */
  get place(): ScanPlace {
    return (this.where ??= this.places.of(this.ip));
  }

  get language(): string | null {
    const first = this.header('accept-language').split(',')[0]?.split(';')[0]?.trim().toLowerCase();
    return first && first !== '*' ? first : null;
  }

  /** The same for one address and browser all day (UTC), different the next: never stored. */
  get visitorHash(): string {
    if (this.hash === null) {
      const day = Math.floor(this.now / 86_400_000);
      this.hash = hash('sha256', `${day}|${this.ip}|${this.header('user-agent')}`, 'base64url');
    }
    return this.hash;
  }

  private header(name: string): string {
    return this.req === null ? '' : header(this.req, name);
  }
}
