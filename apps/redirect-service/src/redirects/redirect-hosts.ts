import { isIP } from 'node:net';
import type IORedis from 'ioredis';
import { RedirectHost, redirectHostChangesChannel, redirectHostsKey } from '@qrd/contracts';

/** What a request's Host names: the default host, a custom domain (its settings), or a host we do not serve. */
export type HostMatch = { kind: 'default' } | { kind: 'custom'; host: string; settings: RedirectHost } | { kind: 'unknown' };

const DEFAULT: HostMatch = { kind: 'default' };
const UNKNOWN: HostMatch = { kind: 'unknown' };
/** Host headers whose match is remembered (a few in practice: our host, its port forms, the domains scanned). */
const REMEMBERED = 1000;
/** The safety net behind the change messages: the whole set is read again this often. */
const RELOAD_EVERY_MS = 60_000;

/**
 * The custom domains this service answers for (DESIGN section 12), held in memory: loaded whole
 * from the redirect table's hash of hosts, again whenever the qr-service publishes a change, and
 * every minute. A request's host is matched without any I/O: our own host (and any address or
 * single-label name, as a proxy or a health check uses) is the default host; a verified custom
 * domain is looked up under `host/slug`; any other name answers 404 from here.
 */
export class RedirectHosts {
  private hosts = new Map<string, HostMatch>();
  /** Host header -> its match, so the hot path does one lookup per request (cleared with every reload). */
  private matched = new Map<string, HostMatch>();
  private readonly key: string;
  private readonly channel: string;
  private timer?: NodeJS.Timeout;
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly redis: IORedis,
    private readonly subscriber: IORedis,
    redisPrefix: string,
    private readonly ownHost: string,
    private readonly onError: (error: unknown) => void,
  ) {
    this.key = redirectHostsKey(redisPrefix);
    this.channel = redirectHostChangesChannel(redisPrefix);
  }

  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string) => {
      if (channel === this.channel) void this.reload();
    });
    await this.subscriber.subscribe(this.channel);
    await this.reload();
    this.timer = setInterval(() => void this.reload(), RELOAD_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The Host header (with or without its port) matched against the hosts we serve. */
  match(hostHeader: string | undefined): HostMatch {
    if (hostHeader === undefined || hostHeader === '') return DEFAULT;
    const known = this.matched.get(hostHeader);
    if (known !== undefined) return known;
    const found = this.matchHost(hostOnly(hostHeader));
    if (this.matched.size >= REMEMBERED) this.matched.clear();
    this.matched.set(hostHeader, found);
    return found;
  }

  private matchHost(host: string): HostMatch {
    if (host === this.ownHost || isIP(host) !== 0 || !host.includes('.') || host.endsWith('.localhost')) return DEFAULT;
    return this.hosts.get(host) ?? UNKNOWN;
  }

  /** Reads the whole set (one read at a time; a change announced meanwhile reads it once more). */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        try {
          const stored = await this.redis.hgetall(this.key);
          const next = new Map<string, HostMatch>();
          for (const [host, value] of Object.entries(stored)) next.set(host, { kind: 'custom', host, settings: JSON.parse(value) as RedirectHost });
          this.hosts = next;
          this.matched = new Map();
        } catch (error) {
          this.onError(error);
        }
      } while (this.again);
      this.loading = null;
    })();
    return this.loading;
  }
}

/** `Host: qr.example.com:8443` -> `qr.example.com`; `[::1]:80` -> `::1`; lower case, no final dot. */
export function hostOnly(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') < 0 ? undefined : value.indexOf(']'));
  const colon = value.indexOf(':');
  return (colon < 0 ? value : value.slice(0, colon)).replace(/\.$/, '');
}
